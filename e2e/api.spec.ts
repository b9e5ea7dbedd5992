import { expect, test } from '@playwright/test';
import { gunzipSync } from 'node:zlib';
import { closeDatabase, query } from './support/database';
import { FIXTURE_STUDY } from './support/fixture';
import { checkpointsWithData, studyIdByName } from './support/expected';

test.afterAll(closeDatabase);

test('health answers after querying the database, and says when the start-up warm-up has finished', async ({
  request,
}) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
  // The server renders the newest study's page itself once it listens (server/warm-up.ts).
  await expect
    .poll(async () => ((await (await request.get('/api/health')).json()) as { warm: boolean }).warm, {
      timeout: 30_000,
    })
    .toBe(true);
});

test('GET /api/studies lists the studies of the database', async ({ request }) => {
  const res = await request.get('/api/studies');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { studies: { id: number; name: string }[] };
  const names = (await query<{ name: string }>('SELECT name FROM study')).map((r) => r.name);
  expect(body.studies.map((s) => s.name).sort()).toEqual(names.sort());
});

test('GET /api/studies/:id/data returns every checkpoint, with data where runs have some, and the facets', async ({
  request,
}) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const res = await request.get(`/api/studies/${id}/data`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    studyId: number;
    checkpoints: unknown[];
    problems: unknown[];
    counts: { n: number[] };
  };
  expect(body.studyId).toBe(id);
  const checkpoints = await query<{ count: number }>(
    'SELECT count(*)::int AS count FROM checkpoint WHERE study_id = $1',
    [id],
  );
  expect(body.checkpoints).toHaveLength(checkpoints[0]!.count);
  // The counts are checkpoint-major: one row of problems.length cells per checkpoint.
  const P = body.problems.length;
  expect(P).toBeGreaterThan(0);
  const rows = body.checkpoints.map((_, c) => body.counts.n.slice(c * P, (c + 1) * P));
  expect(rows.filter((row) => row.some((n) => n > 0))).toHaveLength(await checkpointsWithData(id));
  const facets = await request.get(`/api/studies/${id}/facets`);
  expect(facets.status()).toBe(200);
  expect(((await facets.json()) as { facets: { difficulties: string[] } }).facets.difficulties.length).toBeGreaterThan(
    0,
  );
});

test('GET /api/studies/:id/data sends the same JSON gzipped, computed once per data version, to a client that asks for it', async ({
  request,
}) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const plain = await request.get(`/api/studies/${id}/data?difficulty=hard`);
  expect(plain.headers()['content-type']).toBe('application/json');
  const gz = await request.get(`/api/studies/${id}/data?difficulty=hard`, {
    headers: { accept: 'application/gzip, application/json;q=0.5' },
  });
  expect(gz.status()).toBe(200);
  expect(gz.headers()['content-type']).toBe('application/gzip');
  expect(gz.headers()['vary']).toMatch(/(^|, *)Accept(,|$)/); // Next adds its own Vary entries before ours
  const bytes = await gz.body();
  expect(gunzipSync(bytes).toString('utf8')).toBe(await plain.text());
  expect(bytes.length).toBeLessThan((await plain.body()).length / 3);
  // Served from the per-version cache: a second client gets the very same bytes.
  const again = await request.get(`/api/studies/${id}/data?difficulty=hard`, {
    headers: { accept: 'application/gzip' },
  });
  expect(Buffer.compare(await again.body(), bytes)).toBe(0);
  // Errors stay plain JSON whatever was asked for.
  const bad = await request.get(`/api/studies/${id}/data?dificulty=hard`, { headers: { accept: 'application/gzip' } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('dificulty');
});

test('bad input is a 400 JSON error naming the parameter', async ({ request }) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const cases: [string, string][] = [
    [`/api/studies/${id}/data?difficulty=`, 'difficulty'],
    [`/api/studies/${id}/data?dificulty=hard`, 'dificulty'],
    [`/api/studies/${id}/data?scale=7B&scale=32B`, 'scale'],
    // A NUL would reach Postgres (which refuses it: a 500) if it were let through.
    [`/api/studies/${id}/data?setting=%00`, 'setting'],
    ['/api/studies/not-a-number/data', 'id'],
    ['/api/studies/-3', 'id'],
    // Ids are 32-bit columns: one past the largest is refused before it reaches a query.
    ['/api/studies/2147483648', 'id'],
    [`/api/studies/${id}/evidence?a=2147483648&b=1`, 'a'],
    ['/api/jobs/2147483648', 'id'],
    ['/api/jobs?study=2147483648', 'study'],
  ];
  for (const [url, parameter] of cases) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    expect(res.headers()['content-type'], url).toContain('application/json');
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message, url).toContain(`'${parameter}'`);
    expect(
      body.error.issues.map((i) => i.path),
      url,
    ).toContain(url.includes('?') ? `query.${parameter}` : `params.${parameter}`);
  }
});

test('a path with a malformed percent-escape is a 400 with the security headers, page or API', async ({ request }) => {
  for (const url of ['/api/studies/%ff', '/api/studies/1/problems/%e2%82', '/studies/%ff', '/studies/1/problems/%zz']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    expect(res.headers()['x-content-type-options'], url).toBe('nosniff');
    expect(res.headers()['content-security-policy'], url).toContain("default-src 'self'");
    expect(((await res.json()) as { error: { message: string } }).error.message, url).toMatch(
      /malformed percent-escape \(%/,
    );
  }
});

test('an unknown study is a 404 JSON error', async ({ request }) => {
  for (const url of ['/api/studies/987654321', '/api/studies/987654321/data']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.json(), url).toEqual({ error: { message: 'no study with id 987654321' } });
  }
});

test('POST /api/shares refuses a study id that is not a 32-bit id, naming the field', async ({ request }) => {
  for (const studyId of [2147483648, 1e20, 0, 1.5, '1']) {
    const res = await request.post('/api/shares', { data: { studyId, view: `/studies/${studyId}` } });
    expect(res.status(), String(studyId)).toBe(400);
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message, String(studyId)).toContain("'studyId'");
    expect(
      body.error.issues.map((i) => i.path),
      String(studyId),
    ).toContain('body.studyId');
  }
  // The largest id is a valid id: the answer is that no such study exists.
  const largest = await request.post('/api/shares', { data: { studyId: 2147483647, view: '/studies/2147483647' } });
  expect(largest.status()).toBe(404);
  expect((await request.get('/api/studies/2147483647')).status()).toBe(404);
});
