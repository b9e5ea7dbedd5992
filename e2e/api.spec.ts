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

test('GET /api/studies/:id/frontier returns one point per checkpoint and the facets', async ({ request }) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const res = await request.get(`/api/studies/${id}/frontier`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { points: unknown[]; facets: { difficulties: string[] } };
  expect(body.points).toHaveLength(await checkpointsWithData(id));
  expect(body.facets.difficulties.length).toBeGreaterThan(0);
});

test('bad input is a 400 JSON error naming the parameter', async ({ request }) => {
  const id = await studyIdByName(FIXTURE_STUDY);
  const cases: [string, string][] = [
    [`/api/studies/${id}/frontier?difficulty=`, 'difficulty'],
    [`/api/studies/${id}/frontier?dificulty=hard`, 'dificulty'],
    [`/api/studies/${id}/frontier?scale=7B&scale=32B`, 'scale'],
    ['/api/studies/not-a-number/frontier', 'id'],
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
  for (const url of ['/api/studies/987654321', '/api/studies/987654321/frontier']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.json(), url).toEqual({ error: { message: 'no study with id 987654321' } });
  }
});
