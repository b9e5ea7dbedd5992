import { EventEmitter } from 'node:events';
import { Logger, run, runOnce, type LogFunctionFactory, type Runner, type WorkerEvents } from 'graphile-worker';
import { JOB_KINDS, type JobKind } from '@frontier/core';
import { DatabaseGoneError, isDatabaseUnavailable, waitForDatabase, type Db } from '@frontier/db';
import type { TaskContext } from './context';
import { RunningJobs, startLiveness } from './liveness';
import { taskList } from './tasks';

const logFactory: LogFunctionFactory = (scope) => (level, message) => {
  if (level === 'debug') return;
  const where = scope.taskIdentifier ? ` ${scope.taskIdentifier}${scope.jobId ? `#${scope.jobId}` : ''}` : '';
  process.stderr.write(`[worker${where}] ${level}: ${message}\n`);
};

export interface WorkerHandle {
  /** Resolves when the worker has stopped. */
  done: Promise<void>;
  /** Finishes the jobs in progress, takes no new ones, then stops. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Jobs run at once. */
  concurrency: number;
  /** The job kinds this worker takes (default all): a GPU machine merges and generates, CPU machines judge. */
  kinds?: readonly JobKind[];
  /** How long a database outage is waited out before the worker gives up (default 5 minutes). */
  patienceMs?: number;
}

const log = (m: string) => process.stderr.write(`[worker] ${m}\n`);
type Pool = Db['pool'];

/**
 * For a worker process: a promise rejected with no handler because the database went away (some
 * of graphile-worker's own bookkeeping during an outage) is logged, not fatal; startWorker's
 * loop recovers from the outage itself. Any other unhandled rejection still ends the process.
 */
export function surviveOutageRejections(): void {
  process.on('unhandledRejection', (err) => {
    if (isDatabaseUnavailable(err))
      return log(`database unavailable: ${err instanceof Error ? err.message : String(err)}`);
    log(`unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  });
}

// Several workers (processes or machines) can share one database: graphile-worker hands each job
// to exactly one of them with SKIP LOCKED, and the liveness registry frees the jobs of a worker
// that died without unlocking them. A worker asks only for the task identifiers it registered, so
// one without a kind never locks a job of that kind.
//
// A database outage either ends graphile-worker's runner (when it cannot record a job's end it
// may abort): this waits for the database and starts a new runner, whose predecessor's jobs the
// liveness registry frees once its heartbeat stops; or the runner reconnects by itself, and the
// jobs whose end it could not record are freed by releaseOrphanedLocks. Either way they are
// retried, and every step resumes from what is stored.
export async function startWorker(
  ctx: TaskContext,
  { concurrency, kinds = JOB_KINDS, patienceMs = 300_000 }: WorkerOptions,
): Promise<WorkerHandle> {
  const jobs = new RunningJobs();
  const stopping = new AbortController();
  let gone: DatabaseGoneError | undefined;
  // graphile-worker may keep running through an outage (reconnecting by itself): an outage past the
  // patience is noticed by the heartbeat instead, and ends the worker with the reason.
  const liveness = startLiveness(ctx.db, log, jobs, {
    ms: patienceMs,
    gone: (message) => {
      if (gone || stopping.signal.aborted) return;
      gone = new DatabaseGoneError(`${message}; the worker stops`);
      stopping.abort();
      void runner.stop().catch(() => {});
    },
  });
  const start = () =>
    run(
      {
        pgPool: ctx.db.pool,
        concurrency,
        noHandleSignals: true,
        pollInterval: 500,
        logger: new Logger(logFactory),
        events: heartbeatEvents(liveness, jobs),
      },
      taskList(ctx, kinds),
    );
  let runner = await start();
  const done = (async () => {
    for (;;) {
      const failure = await runner.promise.then(
        () => undefined,
        (err: unknown) => err,
      );
      if (gone) throw gone;
      if (stopping.signal.aborted) return;
      if (failure !== undefined && !isDatabaseUnavailable(failure)) throw failure;
      // The jobs the ended runner still locks (their end could not be recorded) are freed by
      // the liveness registry once its id stops heartbeating, and retried by the next runner.
      liveness.drop();
      await outage(ctx.db.pool, patienceMs, stopping.signal, failure);
      if (stopping.signal.aborted) return;
      runner = await startWhenReachable(start, ctx.db.pool, patienceMs, stopping.signal);
    }
  })().finally(() => liveness.stop());
  return {
    done,
    stop: async () => {
      stopping.abort();
      await runner.stop().catch(() => {});
    },
  };
}

/** Waits out the outage that ended a runner, saying so; throws past the patience. */
async function outage(pool: Pool, patienceMs: number, signal: AbortSignal, cause: unknown): Promise<void> {
  log(
    `database unavailable (${cause instanceof Error ? cause.message : 'the job queue stopped'}); waiting up to ${Math.round(patienceMs / 1000)} s for it`,
  );
  await waitForDatabase(pool, patienceMs, signal).catch((err: Error) => {
    if (!signal.aborted) throw new DatabaseGoneError(`${err.message}; the worker stops`);
  });
  if (!signal.aborted)
    log('database back: taking jobs again; the interrupted ones are retried once their locks expire');
}

/** A new runner, retried while the database is still coming back. */
async function startWhenReachable(
  start: () => Promise<Runner>,
  pool: Pool,
  patienceMs: number,
  signal: AbortSignal,
): Promise<Runner> {
  for (;;) {
    try {
      return await start();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || signal.aborted) throw err;
      await waitForDatabase(pool, patienceMs, signal);
    }
  }
}

/** Runs the queued jobs of the given kinds in this process until none is left (used by the CLI). */
export async function drainJobs(ctx: TaskContext, kinds: readonly JobKind[]): Promise<void> {
  const jobs = new RunningJobs();
  const liveness = startLiveness(ctx.db, () => {}, jobs);
  try {
    await runOnce(
      { pgPool: ctx.db.pool, logger: new Logger(() => () => {}), events: heartbeatEvents(liveness, jobs) },
      taskList(ctx, kinds),
    );
  } finally {
    await liveness.stop();
  }
}

// Jobs are locked under the worker pool's id: that is the id to keep alive. The jobs it runs are
// tracked so that a lock it holds without running the job can be told apart (startLiveness).
function heartbeatEvents(liveness: { add(id: string): void }, jobs: RunningJobs): WorkerEvents {
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => liveness.add(workerPool.id));
  events.on('job:start', ({ job }) => jobs.start(job.id));
  events.on('job:complete', ({ job }) => jobs.end(job.id));
  return events;
}
