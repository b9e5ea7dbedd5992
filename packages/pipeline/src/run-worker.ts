import { EventEmitter } from 'node:events';
import { Logger, run, runOnce, type LogFunctionFactory, type WorkerEvents } from 'graphile-worker';
import { JOB_KINDS, type JobKind } from '@frontier/core';
import type { TaskContext } from './context';
import { startLiveness } from './liveness';
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
}

// Several workers (processes or machines) can share one database: graphile-worker hands each job
// to exactly one of them with SKIP LOCKED, and the liveness registry frees the jobs of a worker
// that died without unlocking them. A worker asks only for the task identifiers it registered, so
// one without a kind never locks a job of that kind.
export async function startWorker(ctx: TaskContext, { concurrency, kinds = JOB_KINDS }: WorkerOptions): Promise<WorkerHandle> {
  const liveness = startLiveness(ctx.db, (m) => process.stderr.write(`[worker] ${m}\n`));
  const runner = await run(
    { pgPool: ctx.db.pool, concurrency, noHandleSignals: true, pollInterval: 500, logger: new Logger(logFactory), events: heartbeatEvents(liveness) },
    taskList(ctx, kinds),
  );
  const done = runner.promise.finally(() => liveness.stop());
  return { done, stop: () => runner.stop() };
}

/** Runs the queued jobs of the given kinds in this process until none is left (used by the CLI). */
export async function drainJobs(ctx: TaskContext, kinds: readonly JobKind[]): Promise<void> {
  const liveness = startLiveness(ctx.db, () => {});
  try {
    await runOnce({ pgPool: ctx.db.pool, logger: new Logger(() => () => {}), events: heartbeatEvents(liveness) }, taskList(ctx, kinds));
  } finally {
    await liveness.stop();
  }
}

// Jobs are locked under the worker pool's id: that is the id to keep alive.
function heartbeatEvents(liveness: { add(id: string): void }): WorkerEvents {
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => liveness.add(workerPool.id));
  return events;
}
