// The release-date window through the real route handlers and a real Postgres, on LiveCodeBench
// files with known dates: the data and export routes keep the window's problems only, and a bad
// window is a 400 naming the parameter.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import type { StudyData } from '@frontier/core';
import { importStudy, recomputeAggregates, studyImportFromFile } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../../packages/db/test/test-database';
import { IN_WINDOW, UNDATED, WINDOW, writeDatedLcbFiles } from '../../../cli/test/dated-fixture';

// !: 'server-only' throws outside Next's server bundle; it guards the build, not the behaviour.
vi.mock('server-only', () => ({}));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const work = mkdtempSync(join(tmpdir(), 'frontier-web-window-'));
const saved = { DATABASE_URL: process.env.DATABASE_URL, FRONTIER_DATA_DIR: process.env.FRONTIER_DATA_DIR };
let t: TestDatabase;
let studyId = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.DATABASE_URL = t.url;
  process.env.FRONTIER_DATA_DIR = work;
  const files = writeDatedLcbFiles();
  for (const [path, alpha] of [
    [files.alpha0, 0],
    [files.alpha1, 1],
  ] as const) {
    const summary = await importStudy(t.db, await studyImportFromFile(path, { study: 'Dated', alpha }));
    await recomputeAggregates(t.db, summary.runIds);
    studyId = summary.studyId;
  }
});

afterAll(async () => {
  Object.assign(process.env, saved);
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

const ROUTES = {
  data: async () => (await import('../app/api/studies/[id]/data/route')).GET,
  export: async () => (await import('../app/api/studies/[id]/export/route')).GET,
  triage: async () => (await import('../app/api/studies/[id]/triage/route')).GET,
  evidence: async () => (await import('../app/api/studies/[id]/evidence/route')).GET,
};

async function get(route: keyof typeof ROUTES, query: string) {
  const handler = (await ROUTES[route]()) as unknown as Handler;
  const request = new NextRequest(`http://localhost:3000/api/studies/${studyId}/${route}?${query}`, {
    headers: { host: 'localhost:3000' },
  });
  const res = await handler(request, { params: Promise.resolve({ id: String(studyId) }) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('release window on the study API', () => {
  it('GET data?from=&to= holds the problems of the window and counts the undated ones left out', async () => {
    const res = await get('data', `from=${WINDOW.from}&to=${WINDOW.to}`);
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text) as StudyData;
    expect(data.filters).toEqual(WINDOW);
    expect(data.problems.map((p) => p.externalId)).toEqual(IN_WINDOW);
    expect(data.undated).toBe(UNDATED);
  });

  it('GET export?from=&to= writes the rows of the window, the undated count in a header', async () => {
    const res = await get('export', `format=csv&from=${WINDOW.from}&to=${WINDOW.to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frontier-undated')).toBe(String(UNDATED));
    const ids = res.text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[5]);
    expect([...new Set(ids)].sort()).toEqual(IN_WINDOW);
  });

  it('GET evidence follows the window, after the same pair was read without one', async () => {
    // What the judge records and an LCB import does not: the tier each failing sample reached.
    await t.db.pool.query('UPDATE run_problem_aggregate SET fail_tier_hist = ARRAY[n - solved] WHERE n > solved');
    const data = JSON.parse((await get('data', '')).text) as StudyData;
    const [a, b] = data.checkpoints.map((c) => c.id);
    const name = new Map(data.problems.map((p) => [String(p.id), p.externalId]));
    const problemsOf = async (query: string) => {
      const res = await get('evidence', `a=${a}&b=${b}${query}`);
      expect(res.status).toBe(200);
      const { failTiers } = JSON.parse(res.text) as { failTiers: Record<string, Record<string, number[]>> };
      return [...new Set(Object.values(failTiers).flatMap((byProblem) => Object.keys(byProblem)))]
        .map((id) => name.get(id))
        .sort();
    };
    expect(await problemsOf('')).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(await problemsOf(`&from=${WINDOW.from}&to=${WINDOW.to}`)).toEqual(IN_WINDOW);
  });

  it.each([
    ['data', 'from=2024-02-30', 'from', 'is not a day of the calendar (2024-02-30)'],
    ['data', 'to=20240401', 'to', 'must be a date written YYYY-MM-DD'],
    ['data', 'from=2024-05-01&to=2024-04-01', 'to', 'from (2024-05-01) is after to (2024-04-01)'],
    ['data', 'from=2024-01-01&from=2024-02-01', 'from', 'must be given once'],
    ['export', 'format=csv&from=2024-05-01&to=2024-04-01', 'to', 'is after to'],
    ['triage', 'a=0&b=1&from=yesterday', 'from', 'must be a date written YYYY-MM-DD'],
  ] as const)('GET %s?%s is a 400 naming %s', async (route, query, name, message) => {
    const res = await get(route, query);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text) as { error: { message: string } };
    expect(body.error.message).toContain(`'${name}'`);
    expect(body.error.message).toContain(message);
  });
});
