import { expect, test } from '@playwright/test';
import { closeDatabase, query } from './support/database';
import { FIXTURE_STUDY } from './support/fixture';
import { checkpointsWithData, studyIdByName } from './support/expected';

test.afterAll(closeDatabase);

test('health answers after querying the database', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
});

test('GET /api/studies lists the studies of the database', async ({ request }) => {
  const res = await request.get('/api/studies');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { studies: { id: number; name: string }[] };
  const names = (await query<{ name: string }>('SELECT name FROM study')).map((r) => r.name);
  expect(body.studies.map((s) => s.name).sort()).toEqual(names.sort());
});

test('GET /api/studies/:id/data returns every checkpoint, with data where runs have some, and the facets', async ({ request }) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const res = await request.get(`/api/studies/${id}/data`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { studyId: number; checkpoints: unknown[]; problems: unknown[]; counts: { n: number[] } };
  expect(body.studyId).toBe(id);
  const checkpoints = await query<{ count: number }>('SELECT count(*)::int AS count FROM checkpoint WHERE study_id = $1', [id]);
  expect(body.checkpoints).toHaveLength(checkpoints[0]!.count);
  // The counts are checkpoint-major: one row of problems.length cells per checkpoint.
  const P = body.problems.length;
  expect(P).toBeGreaterThan(0);
  const rows = body.checkpoints.map((_, c) => body.counts.n.slice(c * P, (c + 1) * P));
  expect(rows.filter((row) => row.some((n) => n > 0))).toHaveLength(await checkpointsWithData(id));
  const facets = await request.get(`/api/studies/${id}/facets`);
  expect(facets.status()).toBe(200);
  expect(((await facets.json()) as { facets: { difficulties: string[] } }).facets.difficulties.length).toBeGreaterThan(0);
});

test('bad input is a 400 JSON error naming the parameter', async ({ request }) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const cases: [string, string][] = [
    [`/api/studies/${id}/data?difficulty=`, 'difficulty'],
    [`/api/studies/${id}/data?dificulty=hard`, 'dificulty'],
    [`/api/studies/${id}/data?scale=7B&scale=32B`, 'scale'],
    ['/api/studies/not-a-number/data', 'id'],
    ['/api/studies/-3', 'id'],
  ];
  for (const [url, parameter] of cases) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    expect(res.headers()['content-type'], url).toContain('application/json');
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message, url).toContain(`'${parameter}'`);
    expect(body.error.issues.map((i) => i.path), url).toContain(url.includes('?') ? `query.${parameter}` : `params.${parameter}`);
  }
});

test('an unknown study is a 404 JSON error', async ({ request }) => {
  for (const url of ['/api/studies/987654321', '/api/studies/987654321/data']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.json(), url).toEqual({ error: { message: 'no study with id 987654321' } });
  }
});
