// One phase of bench:workers: N `frontier worker --tasks judge,aggregate` processes started at the
// same moment on a database where an import's judge chains wait, run until every chain is done,
// then stopped. What each worker did is read from its own log (the judge step logs a line per run
// it judged, with the pipeline job's id), checked against the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Db } from '@frontier/db';
import { CLI } from './workers-workload';

export interface WorkerFigures {
  pid: number;
  /** The judge jobs it ran to completion (pipeline_job ids). */
  jobs: number[];
  samples: number;
  written: number;
  programs: number;
  tests: number;
}

export interface PhaseFigures {
  workers: number;
  /** From starting the workers to the last chain done. */
  wallSeconds: number;
  /** From the first judge job's start to the last one's end (what the workers' start-up leaves out). */
  judgeSeconds: number;
  perWorker: WorkerFigures[];
  proof: Proof;
}

/** What says that nothing was judged twice. */
export interface Proof {
  judgeJobs: number;
  /** Judge jobs that succeeded after exactly one attempt. */
  onceSucceeded: number;
  /** Judge jobs named by no worker, and by more than one (an attempt each). */
  unclaimed: number;
  claimedTwice: number;
  importedSamples: number;
  /** Samples of the phase's study with a verdict, in the database. */
  judgedInDb: number;
  /** Tests recorded on them (sum of per-test arrays). */
  testsInDb: number;
  /** Results remembered during the phase (each distinct program once). */
  newPrograms: number;
}

const LINE =
  /judge #(\d+): run (\d+): judged (\d+) samples \((\d+) verdicts written\), (\d+) programs run, (\d+) tests/g;

interface Spawned {
  child: ChildProcess;
  output: string;
  exited: Promise<void>;
}

function startWorker(url: string, dataDir: string): Spawned {
  const child = spawn(process.execPath, [CLI, 'worker', '--tasks', 'judge,aggregate'], {
    env: { ...process.env, DATABASE_URL: url, FRONTIER_DATA_DIR: dataDir, WORKER_CONCURRENCY: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: Spawned = { child, output: '', exited: new Promise((r) => child.on('exit', () => r())) };
  child.stdout!.on('data', (d) => (w.output += d));
  child.stderr!.on('data', (d) => (w.output += d));
  return w;
}

async function stop(w: Spawned): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill('SIGTERM');
  const timer = setTimeout(() => w.child.kill('SIGKILL'), 30_000);
  await w.exited;
  clearTimeout(timer);
}

/** The judge chains of the study: every job but the import's own aggregation (which the CLI ran). */
async function chainJobs(db: Db, studyId: number) {
  const { rows } = await db.pool.query<{
    id: number;
    kind: string;
    state: string;
    attempts: number;
    error: string | null;
    started: number | null;
    finished: number | null;
  }>(
    `SELECT id, kind, state, attempts, error, extract(epoch FROM started_at)::float8 AS started, extract(epoch FROM finished_at)::float8 AS finished
     FROM pipeline_job WHERE study_id = $1 AND (kind = 'judge' OR depends_on_id IS NOT NULL) ORDER BY id`,
    [studyId],
  );
  return rows;
}

const count = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.pool.query<{ n: string }>(sql, params)).rows[0]!.n);

export async function runPhase(
  db: Db,
  url: string,
  studyId: number,
  workers: number,
  importedSamples: number,
  dir: string,
  label: string,
): Promise<PhaseFigures> {
  const programsBefore = await count(db, 'SELECT count(*) AS n FROM judged_program');
  const started = Date.now();
  const procs = Array.from({ length: workers }, (_, i) => startWorker(url, join(dir, `${label}-worker-${i}`)));
  let jobs;
  try {
    for (;;) {
      jobs = await chainJobs(db, studyId);
      const failed = jobs.find((j) => j.state === 'FAILED' || j.state === 'CANCELLED');
      if (failed) throw new Error(`${failed.kind} job ${failed.id} ${failed.state.toLowerCase()}: ${failed.error}`);
      if (jobs.length && jobs.every((j) => j.state === 'SUCCEEDED')) break;
      const dead = procs.find((p) => p.child.exitCode !== null);
      if (dead) throw new Error(`a worker exited: ${dead.output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await Promise.all(procs.map(stop));
  }
  const judge = jobs.filter((j) => j.kind === 'judge');
  const lastEnd = Math.max(...jobs.map((j) => j.finished!));
  const perWorker = procs.map((p) => figuresOf(p));
  const claims = new Map<number, number>();
  for (const w of perWorker) for (const id of w.jobs) claims.set(id, (claims.get(id) ?? 0) + 1);
  const proof: Proof = {
    judgeJobs: judge.length,
    onceSucceeded: judge.filter((j) => j.state === 'SUCCEEDED' && j.attempts === 1).length,
    unclaimed: judge.filter((j) => !claims.has(j.id)).length,
    claimedTwice: [...claims.values()].filter((n) => n > 1).length,
    importedSamples,
    judgedInDb: await count(
      db,
      'SELECT count(*) AS n FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 AND s.verdict IS NOT NULL',
      [studyId],
    ),
    testsInDb: await count(
      db,
      'SELECT coalesce(sum(cardinality(s.test_verdicts)), 0) AS n FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1',
      [studyId],
    ),
    newPrograms: (await count(db, 'SELECT count(*) AS n FROM judged_program')) - programsBefore,
  };
  return {
    workers,
    wallSeconds: lastEnd - started / 1000,
    judgeSeconds: Math.max(...judge.map((j) => j.finished!)) - Math.min(...judge.map((j) => j.started!)),
    perWorker,
    proof,
  };
}

function figuresOf(p: Spawned): WorkerFigures {
  const f: WorkerFigures = { pid: p.child.pid!, jobs: [], samples: 0, written: 0, programs: 0, tests: 0 };
  for (const m of p.output.matchAll(LINE)) {
    f.jobs.push(Number(m[1]));
    f.samples += Number(m[3]);
    f.written += Number(m[4]);
    f.programs += Number(m[5]);
    f.tests += Number(m[6]);
  }
  return f;
}
