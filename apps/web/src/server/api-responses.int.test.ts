// Every route of the table, through its real handler (withRoute, the access check in local mode,
// the caches, Prisma over the pool) against a real Postgres: each success body must match the
// route's response schema exactly (strict objects: a field the schema does not name fails too).
// The calls are a Record over the route names, so a new route fails to compile until it is
// called here; and the run checks that each one answered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import { createStudy, importBenchmark, importStudy, recomputeAggregates, studyImportFromFile } from '@frontier/db';
import { writeSyntheticSweep } from '@frontier/formats';
import { createTestDatabase, type TestDatabase } from '../../../../packages/db/test/test-database';
import { buildViewer } from '../viewer/build-viewer';
import { API, type ApiRoute, type ApiRouteName } from './api-routes';

// !: 'server-only' throws outside Next's server bundle; it guards the build, not the behaviour.
vi.mock('server-only', () => ({}));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<NextResponse>;

interface Call {
  handler: () => Promise<Handler>;
  /** The request's path (with its query string), its path parameters, and a body for writes. */
  request: () => {
    path: string;
    params?: Record<string, string>;
    body?: { type: string; text: string };
    accept?: string;
  };
}

const work = mkdtempSync(join(tmpdir(), 'frontier-web-responses-'));
const saved = { DATABASE_URL: process.env.DATABASE_URL, FRONTIER_DATA_DIR: process.env.FRONTIER_DATA_DIR };
let t: TestDatabase;

/** What earlier answers told later requests (ids of what they made or listed). */
const seen = {
  studyId: 0,
  pipelineStudyId: 0,
  rejudgeStudyId: 0,
  checkpoints: [] as number[],
  problemId: 0,
  /** A problem of the synthetic sweep, excluded and counted again. */
  excludedId: '',
  sample: { runId: 0, idx: 0 },
  jobId: 0,
  token: '',
};

// Samples with per-test results and tiers, so the evidence and the sample's tests are not empty.
const JSONL = [
  {
    problem_id: 'r1',
    code: 'print(1)',
    verdict: 'WA',
    tests: [
      { tier: 1, verdict: 'AC', cpu_ms: 3, peak_kib: 700 },
      { tier: 2, verdict: 'WA', cpu_ms: 4, peak_kib: 710 },
    ],
  },
  {
    problem_id: 'r1',
    code: 'print(2)',
    verdict: 'AC',
    tests: [
      { tier: 1, verdict: 'AC', cpu_ms: 2, peak_kib: 690 },
      { tier: 2, verdict: 'AC', cpu_ms: 5, peak_kib: 720 },
    ],
  },
  { problem_id: 'r2', code: 'print(3)' },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

// In the order they run: reads of what earlier calls made come after them.
const CALLS: Record<ApiRouteName, Call> = {
  health: {
    handler: async () => (await import('../app/api/health/route')).GET,
    request: () => ({ path: '/api/health' }),
  },
  openapi: {
    handler: async () => (await import('../app/api/openapi.json/route')).GET,
    request: () => ({ path: '/api/openapi.json' }),
  },
  imports: {
    handler: async () => (await import('../app/api/imports/route')).POST,
    request: () => ({
      path: `/api/imports?study=Responses&alpha=0.5&setting=tool&filename=tests.jsonl`,
      body: { type: 'application/x-ndjson', text: JSONL },
    }),
  },
  studies: {
    handler: async () => (await import('../app/api/studies/route')).GET,
    request: () => ({ path: '/api/studies' }),
  },
  study: {
    handler: async () => (await import('../app/api/studies/[id]/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}`, params: { id: String(seen.studyId) } }),
  },
  studyData: {
    handler: async () => (await import('../app/api/studies/[id]/data/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}/data`, params: { id: String(seen.studyId) } }),
  },
  studyFacets: {
    handler: async () => (await import('../app/api/studies/[id]/facets/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}/facets`, params: { id: String(seen.studyId) } }),
  },
  evidence: {
    handler: async () => (await import('../app/api/studies/[id]/evidence/route')).GET,
    request: () => ({
      path: `/api/studies/${seen.studyId}/evidence?a=${seen.checkpoints[0]}&b=${seen.checkpoints[1]}`,
      params: { id: String(seen.studyId) },
    }),
  },
  triage: {
    handler: async () => (await import('../app/api/studies/[id]/triage/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}/triage?a=0&b=1`, params: { id: String(seen.studyId) } }),
  },
  problem: {
    handler: async () => (await import('../app/api/studies/[id]/problems/[problemId]/route')).GET,
    request: () => ({
      path: `/api/studies/${seen.studyId}/problems/${seen.problemId}`,
      params: { id: String(seen.studyId), problemId: String(seen.problemId) },
    }),
  },
  problemSamples: {
    handler: async () => (await import('../app/api/studies/[id]/problems/[problemId]/samples/route')).GET,
    request: () => ({
      path: `/api/studies/${seen.studyId}/problems/${seen.problemId}/samples`,
      params: { id: String(seen.studyId), problemId: String(seen.problemId) },
    }),
  },
  sample: {
    handler: async () => (await import('../app/api/studies/[id]/problems/[problemId]/samples/[runId]/[idx]/route')).GET,
    request: () => {
      const { runId, idx } = seen.sample;
      const params = {
        id: String(seen.studyId),
        problemId: String(seen.problemId),
        runId: String(runId),
        idx: String(idx),
      };
      return { path: `/api/studies/${seen.studyId}/problems/${seen.problemId}/samples/${runId}/${idx}`, params };
    },
  },
  exclude: {
    handler: async () => (await import('../app/api/studies/[id]/exclusions/route')).POST,
    request: () => ({
      path: `/api/studies/${seen.studyId}/exclusions`,
      params: { id: String(seen.studyId) },
      body: json({ problems: [{ id: seen.excludedId, reason: 'tests accept several outputs' }] }),
    }),
  },
  exclusions: {
    handler: async () => (await import('../app/api/studies/[id]/exclusions/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}/exclusions`, params: { id: String(seen.studyId) } }),
  },
  include: {
    handler: async () => (await import('../app/api/studies/[id]/exclusions/route')).DELETE,
    request: () => ({
      path: `/api/studies/${seen.studyId}/exclusions`,
      params: { id: String(seen.studyId) },
      body: json({ problems: [seen.excludedId] }),
    }),
  },
  studyExport: {
    handler: async () => (await import('../app/api/studies/[id]/export/route')).GET,
    request: () => ({ path: `/api/studies/${seen.studyId}/export?format=csv`, params: { id: String(seen.studyId) } }),
  },
  studyBundle: {
    handler: async () => (await import('../app/api/studies/[id]/bundle/route')).GET,
    request: () => ({
      path: `/api/studies/${seen.studyId}/bundle?view=${encodeURIComponent(`/studies/${seen.studyId}/matrix`)}`,
      params: { id: String(seen.studyId) },
    }),
  },
  evaluate: {
    handler: async () => (await import('../app/api/studies/[id]/evaluate/route')).POST,
    request: () => ({
      path: `/api/studies/${seen.pipelineStudyId}/evaluate`,
      params: { id: String(seen.pipelineStudyId) },
      body: json({ alphas: '0.5, 0.75' }),
    }),
  },
  refine: {
    handler: async () => (await import('../app/api/studies/[id]/refine/route')).POST,
    request: () => ({
      path: `/api/studies/${seen.pipelineStudyId}/refine`,
      params: { id: String(seen.pipelineStudyId) },
      body: json({ k: 1, count: 2, range: [0, 1], budgetAlphas: 4 }),
    }),
  },
  rejudge: {
    handler: async () => (await import('../app/api/studies/[id]/rejudge/route')).POST,
    request: () => ({
      path: `/api/studies/${seen.rejudgeStudyId}/rejudge`,
      params: { id: String(seen.rejudgeStudyId) },
      body: json({ alphas: '0.5', problems: ['add'], force: true }),
    }),
  },
  jobs: {
    handler: async () => (await import('../app/api/jobs/route')).GET,
    request: () => ({ path: `/api/jobs?study=${seen.pipelineStudyId}` }),
  },
  job: {
    handler: async () => (await import('../app/api/jobs/[id]/route')).GET,
    request: () => ({ path: `/api/jobs/${seen.jobId}`, params: { id: String(seen.jobId) } }),
  },
  cancelJob: {
    handler: async () => (await import('../app/api/jobs/[id]/cancel/route')).POST,
    request: () => ({ path: `/api/jobs/${seen.jobId}/cancel`, params: { id: String(seen.jobId) } }),
  },
  createShare: {
    handler: async () => (await import('../app/api/shares/route')).POST,
    request: () => ({
      path: '/api/shares',
      body: json({ studyId: seen.studyId, view: `/studies/${seen.studyId}/triage` }),
    }),
  },
  shares: {
    handler: async () => (await import('../app/api/shares/route')).GET,
    request: () => ({ path: '/api/shares' }),
  },
  shareBundle: {
    handler: async () => (await import('../app/api/shares/[token]/bundle/route')).GET,
    request: () => ({ path: `/api/shares/${seen.token}/bundle`, params: { token: seen.token } }),
  },
  oembed: {
    handler: async () => (await import('../app/api/oembed/route')).GET,
    request: () => ({ path: oembedUrl(`http://localhost:3000/s/${seen.token}`) }),
  },
  deleteShare: {
    handler: async () => (await import('../app/api/shares/[token]/route')).DELETE,
    request: () => ({ path: `/api/shares/${seen.token}`, params: { token: seen.token } }),
  },
};

function oembedUrl(url: string, extra = '') {
  return `/api/oembed?url=${encodeURIComponent(url)}${extra}`;
}

/** GET /api/oembed with a query of our choosing (the table's call sends the share's own URL). */
async function oembed(query: string) {
  const route = (await import('../app/api/oembed/route')).GET as unknown as Handler;
  const res = await route(new NextRequest(`http://localhost:3000${query}`, { headers: { host: 'localhost:3000' } }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function json(value: unknown) {
  return { type: 'application/json', text: JSON.stringify(value) };
}

/** Calls a route as a browser on this machine would (local mode: the owner, no sign-in). */
async function call(name: ApiRouteName, accept?: string): Promise<{ status: number; type: string; body: unknown }> {
  const { path, params = {}, body } = CALLS[name].request();
  const method = (API[name] as ApiRoute).method;
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    ...(accept && { accept }),
    ...(body && { 'content-type': body.type }),
  };
  const request = new NextRequest(`http://localhost:3000${path}`, { method, headers, body: body?.text });
  const res = await (await CALLS[name].handler())(request, { params: Promise.resolve(params) });
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!;
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = (type === 'application/gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  return {
    status: res.status,
    type,
    body: type === 'application/json' || type === 'application/gzip' ? JSON.parse(text) : text,
  };
}

/** The body checked against the route's schema; the issues, if any, name each field at fault. */
function checked(name: ApiRouteName, body: unknown) {
  const route = API[name] as ApiRoute;
  const result = route.response!.safeParse(body);
  expect(result.success ? [] : result.error.issues, name).toEqual([]);
  return result.data as never;
}

beforeAll(async () => {
  // The offline copies' routes read the viewer that the web build makes.
  await buildViewer();
  t = await createTestDatabase();
  // The web app reads its configuration from the environment on first use (env.ts).
  process.env.DATABASE_URL = t.url;
  process.env.FRONTIER_DATA_DIR = work;
  const sweep = await writeSyntheticSweep({
    dir: join(work, 'sweep'),
    problems: 5,
    samplesPerCheckpoint: 4,
    alphas: [0, 1],
  });
  const summary = await importStudy(t.db, await studyImportFromFile(sweep.manifestPath, { study: 'Responses' }));
  await recomputeAggregates(t.db, summary.runIds);
  seen.studyId = summary.studyId;
  const config = {
    benchmark: 'b',
    samplesPerProblem: 2,
    backend: { kind: 'toy' as const },
    endpoints: { lo: '/lo', hi: '/hi' },
    checkpointsDir: join(work, 'ckpt'),
  };
  const endpoints = [
    { role: 'LOW' as const, alpha: 0, uri: '/lo' },
    { role: 'HIGH' as const, alpha: 1, uri: '/hi' },
  ];
  seen.pipelineStudyId = await createStudy(t.db, { name: 'Responses pipeline', origin: 'pipeline', config, endpoints });
  // A study whose problem has hidden tests, so that it can be re-judged.
  await importBenchmark(t.db, {
    name: 'rejudged',
    problems: [{ externalId: 'add', tests: [{ tier: 1, input: '1 2\n', expected: '3\n' }] }],
  });
  const rejudged = await importStudy(t.db, {
    study: { name: 'Responses rejudged' },
    benchmark: 'rejudged',
    runs: [
      {
        source: 'r',
        sourceHash: 'r',
        checkpoint: { name: 'c', role: 'MERGED', alpha: 0.5, scale: '' },
        setting: 'reasoning',
        problems: async function* () {
          yield { problem: { externalId: 'add' }, samples: [{ idx: 0, code: 'print(3)', verdict: 'AC' }] };
        },
      },
    ],
  });
  seen.rejudgeStudyId = rejudged.studyId;
});

afterAll(async () => {
  Object.assign(process.env, saved);
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('every API route answers what its response schema says', () => {
  const answered = new Set<ApiRouteName>();

  // What each answer tells the calls after it.
  const learn: Partial<Record<ApiRouteName, (body: never) => Promise<void> | void>> = {
    imports: async () => {
      const { rows } = await t.db.pool.query<{ id: number }>(
        'SELECT r.id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1',
        [seen.studyId],
      );
      const runs = rows.map((r) => r.id);
      // What the judge records and an import does not: the tier a failing sample got to, and the sandbox.
      await t.db.pool.query(
        `UPDATE sample SET coverage_passed = 1, sandbox = 'rootless' WHERE run_id = ANY($1::int[]) AND verdict = 'WA'`,
        [runs],
      );
      // The import's aggregation job is the worker's; here it runs at once, so the reads see it.
      await recomputeAggregates(t.db, runs);
    },
    studyData: (data: {
      checkpoints: { id: number; alpha: number | null }[];
      problems: { id: number; externalId: string }[];
    }) => {
      seen.checkpoints = data.checkpoints.map((c) => c.id);
      seen.problemId = data.problems.find((p) => p.externalId === 'r1')!.id;
      seen.excludedId = data.problems.find((p) => !['r1', 'r2'].includes(p.externalId))!.externalId;
    },
    exclude: (res: { changed: number }) => {
      expect(res.changed).toBe(1);
    },
    exclusions: (res: { exclusions: { externalId: string; reason: string }[] }) => {
      expect(res.exclusions).toMatchObject([{ externalId: seen.excludedId, reason: 'tests accept several outputs' }]);
    },
    include: (res: { changed: number }) => {
      expect(res.changed).toBe(1);
    },
    problemSamples: (page: { samples: { runId: number; idx: number; testsRun: number }[] }) => {
      seen.sample = page.samples.find((s) => s.testsRun > 0)!;
    },
    rejudge: (res: { job: { kind: string; rejudge?: { force: boolean; summary: string } }; samples: number }) => {
      expect(res.job.kind).toBe('judge');
      expect(res.job.rejudge).toMatchObject({ force: true, summary: 'no verdict changed' });
      expect(res.samples).toBe(1);
    },
    evaluate: (res: { chains: { jobIds: number[] }[] }) => {
      seen.jobId = res.chains[0]!.jobIds[0]!;
    },
    createShare: (res: { token: string }) => {
      seen.token = res.token;
    },
    oembed: async (res: { html: string; width: number; thumbnail_url: string; title: string }) => {
      // The frame is the embed of that very link, and the thumbnail its preview image.
      expect(res.html).toContain(`<iframe src="http://localhost:3000/s/${seen.token}/embed"`);
      expect(res.thumbnail_url).toBe(`http://localhost:3000/s/${seen.token}/preview.png`);
      expect(res.title).toBe('Responses: Triage');
      // The consumer's maximum shrinks the frame; another loopback name of this server is the same site.
      const small = await oembed(oembedUrl(`http://127.0.0.1:3000/s/${seen.token}/embed`, '&maxwidth=320&format=json'));
      expect(small.status).toBe(200);
      expect(small.body.width).toBe(320);
      expect(small.body.html).toContain('width="320"');
    },
  };

  for (const name of Object.keys(CALLS) as ApiRouteName[]) {
    it(`${name}: ${(API[name] as ApiRoute).method} ${(API[name] as ApiRoute).path}`, async () => {
      const route = API[name] as ApiRoute;
      const res = await call(name);
      expect(
        route.success ?? [200],
        `${name} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
      ).toContain(res.status);
      if (route.produces) {
        expect(route.produces).toContain(res.type);
        expect(String(res.body).length).toBeGreaterThan(0);
      } else {
        expect(res.type).toBe('application/json');
        const body = checked(name, res.body);
        await learn[name]?.(body);
      }
      if (route.gzip) {
        // The same body, gzipped, to a client that asks for it.
        const gz = await call(name, 'application/gzip');
        expect(gz.type).toBe('application/gzip');
        expect(gz.body).toEqual(res.body);
      }
      answered.add(name);
    });
  }

  it('reached every route of the table, with bodies that carry data', async () => {
    expect([...answered].sort()).toEqual(Object.keys(API).sort());
    // Not vacuous: the study's answers hold its checkpoints, the imported tiers and tests.
    const evidence = checked('evidence', (await call('evidence')).body) as {
      failTiers: Record<string, Record<string, number[]>>;
    };
    expect(Object.values(evidence.failTiers).some((byProblem) => Object.keys(byProblem).length > 0)).toBe(true);
    const sample = checked('sample', (await call('sample')).body) as { tests: unknown[] };
    expect(sample.tests.length).toBeGreaterThan(0);
    const jobs = checked('jobs', (await call('jobs')).body) as { jobs: { kind: string; refine?: unknown }[] };
    expect(jobs.jobs.find((j) => j.kind === 'refine')?.refine).toBeDefined();
  });
});

describe('oEmbed refusals', () => {
  it('404 for a URL that is not a share of this site, 501 for a format other than json', async () => {
    for (const url of [
      `https://elsewhere.example/s/${seen.token}`,
      `http://localhost:3000/studies/${seen.studyId}`,
      'not a url',
      `http://localhost:3000/s/${seen.token}`, // deleted by the table's last call
    ]) {
      const res = await oembed(oembedUrl(url));
      expect(res.status, url).toBe(404);
      expect(String((res.body.error as { message: string }).message)).toMatch(/shared? link/);
    }
    const xml = await oembed(oembedUrl(`http://localhost:3000/s/${seen.token}`, '&format=xml'));
    expect(xml.status).toBe(501);
    expect((await oembed('/api/oembed')).status).toBe(400);
  });
});

describe('JSON body limit (FRONTIER_JSON_MAX_BYTES, 1 MiB by default)', () => {
  const post = async (body: BodyInit, headers: Record<string, string>) => {
    const route = (await import('../app/api/shares/route')).POST as unknown as Handler;
    const request = new NextRequest('http://localhost:3000/api/shares', {
      method: 'POST',
      headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await route(request, { params: Promise.resolve({}) });
    return { status: res.status, connection: res.headers.get('connection'), body: (await res.json()) as ApiError };
  };
  type ApiError = { error: { message: string } };
  const big = JSON.stringify({ view: `/studies/1?x=${'a'.repeat(2 * 1024 ** 2)}` });

  it('refuses an announced body past the limit with 413 before reading it', async () => {
    const res = await post(big, { 'content-length': String(Buffer.byteLength(big)) });
    expect(res.status).toBe(413);
    expect(res.connection).toBe('close');
    expect(res.body.error.message).toMatch(
      /larger than this server's limit for JSON of 1 MiB \(FRONTIER_JSON_MAX_BYTES=1048576\)/,
    );
  });

  it('stops reading a body that comes without a length once it passes the limit', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`"${'a'.repeat(64 * 1024)}`);
    // Endless: only a reader that stops at the limit ends this test.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const res = await post(stream, {});
    expect(res.status).toBe(413);
    expect(pulled * chunk.byteLength).toBeLessThan(4 * 1024 ** 2);
  });

  it('still takes a body under the limit, and says which bytes are not UTF-8', async () => {
    const res = await post(new Uint8Array([0x7b, 0xff, 0x7d]), {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not UTF-8/);
  });
});
