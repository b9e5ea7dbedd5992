import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelJob,
  createStudy,
  importBenchmark,
  programText,
  queueEvaluation,
  withServerLock,
  type StudyConfigInput,
} from '@frontier/db';
import { responseChars } from '@frontier/core';
import { buildBenchmark, createToyPolicyBackend, DEMO_ENDPOINTS, toyServerCommand } from '@frontier/minilab';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// Generation through real inference-server processes: the toy policy's stand-in, started the way
// `vllm serve` is, reached in launch and reload modes. Workers take merge and generate only: the
// samples themselves are what these tests check.
const SUBSET = ['two-sum-count', 'lis-length', 'edit-distance'];
const N = 6;
const SEED = 11;
const work = mkdtempSync(join(tmpdir(), 'frontier-serving-'));
chmodSync(work, 0o755);
let t: TestDatabase;
const statements = new Map<string, string>();
const workers: WorkerProcess[] = [];

const worker = (extra: Record<string, string> = {}): WorkerProcess => {
  const w = spawnWorker({
    DATABASE_URL: t.url,
    FRONTIER_DATA_DIR: work,
    WORKER_CONCURRENCY: '2',
    WORKER_TASKS: 'merge,generate',
    ...extra,
  });
  workers.push(w);
  return w;
};

async function study(name: string, backend: StudyConfigInput['backend']): Promise<number> {
  return createStudy(t.db, {
    name,
    origin: 'pipeline',
    config: {
      benchmark: 'minilab-subset',
      samplesPerProblem: N,
      seed: SEED,
      backend,
      endpoints: { lo: DEMO_ENDPOINTS.lo, hi: DEMO_ENDPOINTS.hi },
      checkpointsDir: join(work, name),
    },
    endpoints: [
      { role: 'LOW', alpha: 0, uri: DEMO_ENDPOINTS.lo },
      { role: 'HIGH', alpha: 1, uri: DEMO_ENDPOINTS.hi },
    ],
  });
}

interface JobRow {
  id: number;
  state: string;
  error: string | null;
  attempts: number;
}
const generateJob = async (studyId: number, alpha: number): Promise<JobRow | undefined> =>
  (
    await t.db.pool.query<JobRow>(
      `SELECT id, state, error, attempts FROM pipeline_job WHERE study_id = $1 AND alpha = $2 AND kind = 'generate'`,
      [studyId, alpha],
    )
  ).rows[0];

async function generated(studyId: number, alpha: number): Promise<JobRow> {
  return until(
    `generate at alpha ${alpha}`,
    async () => {
      const job = await generateJob(studyId, alpha);
      if (job?.state === 'FAILED') throw new Error(`generate failed: ${job.error}`);
      return job?.state === 'SUCCEEDED' ? job : undefined;
    },
    120_000,
  );
}

/** The stored samples of a study's checkpoint at alpha, and the checkpoint's directory. */
async function storedSamples(studyId: number, alpha: number): Promise<{ dir: string; samples: Map<string, string> }> {
  const { rows } = await t.db.pool.query<{
    uri: string;
    problem: string;
    idx: number;
    code: string | null;
    code_z: Buffer | null;
  }>(
    `SELECT c.uri, p.external_id AS problem, s.idx, s.code, s.code_z FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     JOIN problem p ON p.id = s.problem_id WHERE c.study_id = $1 AND c.alpha = $2`,
    [studyId, alpha],
  );
  // Programs are stored compressed in code_z (code is NULL for them).
  return {
    dir: rows[0]!.uri,
    samples: new Map(rows.map((r) => [`${r.problem}#${r.idx}`, programText({ code: r.code, codeZ: r.code_z })])),
  };
}

/** Each stored sample's response length in characters and tokens (null: not known exactly). */
async function storedLengths(studyId: number, alpha: number): Promise<Map<string, [number, number | null]>> {
  const { rows } = await t.db.pool.query<{ key: string; chars: number; tokens: number | null }>(
    `SELECT p.external_id || '#' || s.idx AS key, s.response_chars AS chars, s.completion_tokens AS tokens
     FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     JOIN problem p ON p.id = s.problem_id WHERE c.study_id = $1 AND c.alpha = $2`,
    [studyId, alpha],
  );
  return new Map(rows.map((r) => [r.key, [r.chars, r.tokens]]));
}

/** The lengths the in-process toy backend reports for the same samples (its reply, its token count). */
async function referenceLengths(dir: string): Promise<Map<string, [number, number]>> {
  const backend = createToyPolicyBackend({ checkpointDir: dir, seed: SEED });
  const out = new Map<string, [number, number]>();
  for (const problemId of SUBSET) {
    for await (const s of backend.generate({
      problemId,
      statement: statements.get(problemId)!,
      language: 'python',
      n: N,
      seed: SEED,
    }))
      out.set(`${problemId}#${s.idx}`, [responseChars(s.raw!), s.completionTokens!]);
  }
  return out;
}

/** What the in-process toy backend samples from a checkpoint directory with the study's seed. */
async function reference(dir: string): Promise<Map<string, string>> {
  const backend = createToyPolicyBackend({ checkpointDir: dir, seed: SEED });
  const out = new Map<string, string>();
  for (const problemId of SUBSET) {
    for await (const s of backend.generate({
      problemId,
      statement: statements.get(problemId)!,
      language: 'python',
      n: N,
      seed: SEED,
    }))
      out.set(`${problemId}#${s.idx}`, s.code);
  }
  return out;
}

async function expectSamplesOf(studyId: number, alpha: number): Promise<void> {
  const { dir, samples } = await storedSamples(studyId, alpha);
  expect(dir).toBe(
    join(
      work,
      (await t.db.pool.query<{ name: string }>('SELECT name FROM study WHERE id = $1', [studyId])).rows[0]!.name,
      `alpha=${alpha}`,
    ),
  );
  expect(samples.size).toBe(SUBSET.length * N);
  expect(samples).toEqual(await reference(dir));
}

/**
 * A launch command that runs `toyServerCommand()` with `firstRun` prefixed the first time only
 * (a crash), then normally (the retry).
 */
function crashingOnce(name: string, firstRun: string): string {
  const wrapper = join(work, `${name}.sh`);
  writeFileSync(
    wrapper,
    `#!/bin/sh\nif [ ! -e "${work}/${name}.done" ]; then touch "${work}/${name}.done"; ${firstRun}; fi\nexec "$@"\n`,
    { mode: 0o755 },
  );
  return `${wrapper} ${toyServerCommand()}`;
}

/** A server that never lists the requested model: the step keeps waiting with the server up. */
const NEVER_READY = `${toyServerCommand().replace('{model}', 'another-name')} # {model}`;

/** The error of the first failed attempt of the generate job at alpha. */
const firstError = (studyId: number, alpha: number): Promise<string> =>
  until('the first attempt to fail', async () => (await generateJob(studyId, alpha))?.error ?? undefined);

/** Processes whose command line mentions `marker` (the servers started for a test's checkpoints). */
function processesMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Running or sleeping; a zombie (dead, not yet reaped by an init that never reaps) is not alive. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  const benchmark = await buildBenchmark({ seed: 7, problemIds: SUBSET });
  const problems = benchmark.problems;
  for (const p of problems) statements.set(p.id, p.statement);
  await importBenchmark(t.db, {
    name: 'minilab-subset',
    problems: problems.map((p) => ({
      externalId: p.id,
      title: p.title,
      difficulty: p.difficulty,
      statement: p.statement,
      timeLimitMs: p.time_limit_ms,
      memoryLimitMb: p.memory_limit_mb,
      checker: { mode: 'tokens' },
      tests: p.tests.map((x) => ({ tier: x.tier, input: x.input, expected: x.output })),
    })),
  });
  // The two endpoints sample differently, so equal samples prove which checkpoint was served.
  expect(await reference(DEMO_ENDPOINTS.lo)).not.toEqual(await reference(DEMO_ENDPOINTS.hi));
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopWorker(w)));
  for (const pid of processesMentioning(work)) process.kill(pid, 'SIGKILL');
  await t?.drop();
});

describe('launch mode', () => {
  it('serves each merged checkpoint with a server of its own: the samples at alpha A are those of the checkpoint merged at A', async () => {
    const id = await study('launch', {
      kind: 'openai',
      serving: { mode: 'launch', command: toyServerCommand(), model: 'toy-{alpha}' },
      samplesPerRequest: 2,
    });
    const w = worker();
    try {
      await queueEvaluation(t.db, id, [0.5, 1.5]);
      for (const alpha of [0.5, 1.5]) {
        await generated(id, alpha);
        await expectSamplesOf(id, alpha);
      }
      // Two samples a request: the reply's usage is their sum, which says nothing exact about either.
      const lengths = await storedLengths(id, 0.5);
      const { dir } = await storedSamples(id, 0.5);
      expect([...lengths.values()].map(([, tokens]) => tokens)).toEqual(new Array(SUBSET.length * N).fill(null));
      expect(new Map([...lengths].map(([k, [chars]]) => [k, chars]))).toEqual(
        new Map([...(await referenceLengths(dir))].map(([k, [chars]]) => [k, chars])),
      );
      expect(w.output()).toMatch(/serves "toy-0\.5" at http:\/\/127\.0\.0\.1:\d+\/v1/);
      // Every server was stopped when its generation ended.
      expect(processesMentioning(join(work, 'launch'))).toEqual([]);
    } finally {
      await stopWorker(w);
    }
  }, 180_000);

  it("records each sample's exact token count: from the usage of a one-sample reply, or from the choices' token ids", async () => {
    const single = await study('tokens-single', {
      kind: 'openai',
      serving: { mode: 'launch', command: toyServerCommand(), model: 'toy-{alpha}' },
      samplesPerRequest: 1,
    });
    const ids = await study('tokens-ids', {
      kind: 'openai',
      serving: { mode: 'launch', command: toyServerCommand(), model: 'toy-{alpha}' },
      samplesPerRequest: 4,
      returnTokenIds: true,
    });
    const w = worker();
    try {
      await Promise.all([queueEvaluation(t.db, single, [0.5]), queueEvaluation(t.db, ids, [0.5])]);
      for (const id of [single, ids]) {
        await generated(id, 0.5);
        const { dir } = await storedSamples(id, 0.5);
        const want = await referenceLengths(dir);
        expect(want.size).toBe(SUBSET.length * N);
        expect(await storedLengths(id, 0.5)).toEqual(want);
      }
    } finally {
      await stopWorker(w);
    }
  }, 180_000);

  it('a server that crashes at start gives a clear job error with its log, and the retry succeeds', async () => {
    // First launch: the server dies before it serves (as vLLM does when the GPU is full).
    const command = crashingOnce('crash-start', 'echo "RuntimeError: CUDA out of memory" >&2; exit 3');
    const id = await study('crash-start', {
      kind: 'openai',
      serving: { mode: 'launch', command, model: 'toy-{alpha}' },
    });
    const w = worker();
    try {
      await queueEvaluation(t.db, id, [0.25]);
      const error = await firstError(id, 0.25);
      expect(error).toMatch(/exited with code 3 before serving "toy-0\.25"/);
      expect(error).toContain('CUDA out of memory');
      const done = await generated(id, 0.25);
      expect(done.attempts).toBe(2);
      await expectSamplesOf(id, 0.25);
    } finally {
      await stopWorker(w);
    }
  }, 180_000);

  it('a server that dies mid-way fails the attempt at once with its log; the retry resumes and completes', async () => {
    const command = crashingOnce('crash-midway', 'exec "$@" --exit-after-completions 8');
    const id = await study('crash-midway', {
      kind: 'openai',
      serving: { mode: 'launch', command, model: 'toy-{alpha}' },
      concurrency: 1,
      maxRetries: 5,
    });
    const w = worker();
    try {
      await queueEvaluation(t.db, id, [0.75]);
      // The clock starts with the generate step (the merge before it is slow on a loaded machine).
      await until('the generate step to start', async () => (await generateJob(id, 0.75))?.state === 'RUNNING');
      const started = Date.now();
      expect(await firstError(id, 0.75)).toMatch(/exited \(code 1\) during generation/);
      // At once, not after five retries with backoff against a closed port.
      expect(Date.now() - started).toBeLessThan(30_000);
      const done = await generated(id, 0.75);
      expect(done.attempts).toBe(2);
      await expectSamplesOf(id, 0.75);
    } finally {
      await stopWorker(w);
    }
  }, 180_000);

  it('a worker killed with SIGKILL leaves no server process behind', async () => {
    const id = await study('killed', {
      kind: 'openai',
      serving: { mode: 'launch', command: NEVER_READY, model: 'toy-{alpha}' },
    });
    const w = worker();
    await queueEvaluation(t.db, id, [1.25]);
    const marker = join(work, 'killed', 'alpha=1.25');
    const servers = await until(
      'the server to start',
      async () => {
        const pids = processesMentioning(marker);
        return pids.length > 0 ? pids : undefined;
      },
      120_000,
    );
    w.child.kill('SIGKILL');
    await w.exited;
    await until('the server to be gone', async () => processesMentioning(marker).length === 0, 20_000);
    expect(servers.filter(isAlive)).toEqual([]);
    // Cancelled, so that no later test's worker takes the job over (and waits on its server).
    await cancelJob(t.db, (await generateJob(id, 1.25))!.id);
  }, 180_000);
  it('cancelling a job whose server is still starting stops the server at once', async () => {
    const id = await study('cancelled', {
      kind: 'openai',
      serving: { mode: 'launch', command: NEVER_READY, model: 'toy-{alpha}' },
    });
    const w = worker();
    try {
      await queueEvaluation(t.db, id, [1.75]);
      const marker = join(work, 'cancelled', 'alpha=1.75');
      await until('the server to start', async () => processesMentioning(marker).length > 0, 120_000);
      await cancelJob(t.db, (await generateJob(id, 1.75))!.id);
      await until('the server to be stopped', async () => processesMentioning(marker).length === 0, 20_000);
      expect((await generateJob(id, 1.75))!.state).toBe('CANCELLED');
    } finally {
      await stopWorker(w);
    }
  }, 180_000);
});

describe('reload mode', () => {
  for (const engine of ['sglang', 'vllm'] as const) {
    it(`${engine}: one running server loads each checkpoint in turn; two jobs never share it`, async () => {
      const server = await startToyServer(engine);
      try {
        const id = await study(`reload-${engine}`, {
          kind: 'openai',
          serving: { mode: 'reload', engine, baseUrl: server.url },
          concurrency: 2,
        });
        // The test holds the server first, so both jobs are ready to load their checkpoints at
        // the moment it lets go: without the lock both would load and sample at once.
        let release: (() => void) | undefined;
        const held = withServerLock(
          t.db,
          server.url,
          async () => {},
          () => new Promise<void>((r) => (release = r)),
        );
        await until('the test to hold the server', async () => release !== undefined);
        const w = worker();
        try {
          await queueEvaluation(t.db, id, [0.5, 1.5]);
          await until(
            'both generate jobs to wait for the server',
            async () => {
              const jobs = await Promise.all([generateJob(id, 0.5), generateJob(id, 1.5)]);
              return jobs.every((j) => j?.state === 'RUNNING');
            },
            120_000,
          );
          await new Promise((r) => setTimeout(r, 500));
          release!();
          await held;
          // Waiting is not failing: each job's first attempt loaded its checkpoint and sampled.
          expect((await generated(id, 0.5)).attempts).toBe(1);
          expect((await generated(id, 1.5)).attempts).toBe(1);
          // Each alpha's samples are exactly its own checkpoint's: the job that lost the race
          // loaded its checkpoint only after the other was done with the server.
          await expectSamplesOf(id, 0.5);
          await expectSamplesOf(id, 1.5);
          expect(w.output()).toContain("another job's checkpoint is loaded there");
        } finally {
          await stopWorker(w);
        }
      } finally {
        server.child.kill('SIGTERM');
      }
    }, 300_000);
  }
});

/** The stand-in started by hand on a free port, as a researcher starts SGLang or vLLM, serving the low endpoint. */
async function startToyServer(engine: 'sglang' | 'vllm'): Promise<{ url: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const command = toyServerCommand()
    .replace('{checkpoint}', DEMO_ENDPOINTS.lo)
    .replace('{model}', 'toy')
    .replace('{port}', String(port));
  const child = spawn('sh', ['-c', `exec ${command}`], {
    env: { PATH: process.env.PATH ?? '', ...(engine === 'vllm' ? { VLLM_SERVER_DEV_MODE: '1' } : {}) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/v1`;
  await until('the stand-in server', async () => (await fetch(`${url}/models`).catch(() => undefined))?.ok, 60_000);
  return { url, child };
}
