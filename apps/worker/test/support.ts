import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  importBenchmark,
  importStudy,
  type BenchmarkProblemInput,
  type Db,
  type SampleRecord,
  type StudyConfigInput,
} from '@frontier/db';
import { buildBenchmark, DEMO_ENDPOINTS } from '@frontier/minilab';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** stdout and stderr so far. */
  output(): string;
}

/** A worker process as production runs it (`node --import tsx apps/worker/src/main.ts`) with only this environment. */
export function spawnWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  child.stdout!.on('data', (d) => (output += d));
  return { child, exited: new Promise((r) => child.on('exit', (code) => r(code))), output: () => output };
}

/** Stops a worker the way `npm start` does, and waits for it. */
export async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await w.exited;
}

/** Polls `check` until it returns something truthy; throws naming `what` after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 240_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A benchmark of one problem in two tiers, `add` (the sum of two integers), for importBenchmark. */
export const ADDERS: { name: string; problems: BenchmarkProblemInput[] } = {
  name: 'adders',
  problems: [
    {
      externalId: 'add',
      title: 'Add',
      difficulty: 'easy',
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      tests: [
        { tier: 1, input: '1 2\n', expected: '3\n' },
        { tier: 2, input: '40 2\n', expected: '42\n' },
      ],
    },
  ],
};

/**
 * Imports one run (a checkpoint at alpha 0.5) of samples of ADDERS' problem `add` into `study`,
 * queuing a judge job for those without a verdict.
 */
export function importAddSamples(db: Db, study: string, samples: SampleRecord[]) {
  return importStudy(db, {
    study: { name: study },
    benchmark: ADDERS.name,
    runs: [
      {
        source: study,
        sourceHash: study,
        checkpoint: { name: 'c', role: 'MERGED', alpha: 0.5, scale: '' },
        setting: 'reasoning',
        problems: async function* () {
          yield { problem: { externalId: 'add' }, samples };
        },
      },
    ],
  });
}

/**
 * A study of minilab's `problemIds` with the demo's toy policy and endpoints (alpha 0 and 1),
 * `samples` per problem, merged checkpoints under `work`: what the pipeline tests evaluate.
 */
export async function createToyStudy(
  db: Db,
  opts: { name: string; problemIds: string[]; samples: number; work: string },
): Promise<number> {
  const benchmark = await buildBenchmark({ seed: 7, problemIds: opts.problemIds });
  await importBenchmark(db, {
    name: 'minilab-subset',
    problems: benchmark.problems
      .filter((p) => opts.problemIds.includes(p.id))
      .map((p) => ({
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
  const config: StudyConfigInput = {
    benchmark: 'minilab-subset',
    setting: 'toy policy',
    scale: 'toy',
    language: 'python',
    samplesPerProblem: opts.samples,
    seed: 3,
    backend: { kind: 'toy' },
    endpoints: { lo: DEMO_ENDPOINTS.lo, hi: DEMO_ENDPOINTS.hi },
    checkpointsDir: join(opts.work, 'checkpoints'),
  };
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO study (name, origin, config) VALUES ($1, 'demo', $2) RETURNING id`,
    [opts.name, config],
  );
  const studyId = rows[0]!.id;
  await db.pool.query(
    `INSERT INTO checkpoint (study_id, name, role, alpha, model_scale, uri) VALUES ($1, 'toy alpha=0', 'LOW', 0, 'toy', $2), ($1, 'toy alpha=1', 'HIGH', 1, 'toy', $3)`,
    [studyId, DEMO_ENDPOINTS.lo, DEMO_ENDPOINTS.hi],
  );
  return studyId;
}
