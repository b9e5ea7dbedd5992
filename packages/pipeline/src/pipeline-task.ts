import type { Task } from 'graphile-worker';
import type { JobKind } from '@frontier/core';
import {
  getJob,
  markAttemptFailed,
  markRunning,
  markSucceeded,
  reportProgress,
  runAgainLater,
  type PipelineJobRow,
} from '@frontier/db';
import { z } from 'zod';
import type { TaskContext } from './context';

export class JobCancelled extends Error {}

export interface StepHelpers {
  /** Records progress; throws JobCancelled when the job was cancelled meanwhile. */
  progress(done: number, total: number): Promise<void>;
  log(message: string): void;
  /** Aborted when the job is cancelled while it runs (checked every few seconds). */
  signal: AbortSignal;
}

/** How often a running job looks for its own cancellation when it reports no progress. */
const CANCEL_CHECK_MS = 2_000;

/** A step that is not done yet but has nothing to do now (a refinement run waiting for its chains) asks to run again later. */
export type StepResult = void | { againInMs: number };

export type Step = (job: PipelineJobRow, ctx: TaskContext, helpers: StepHelpers) => Promise<StepResult>;

const payload = z.object({ jobId: z.number().int().positive() });

// Runs one pipeline step and keeps its pipeline_job row truthful: RUNNING with progress while it
// works, SUCCEEDED (queuing the next step) or the error of each failed attempt. graphile-worker
// retries a thrown error with exponential backoff; the last attempt marks the job FAILED.
export function pipelineTask(kind: JobKind, step: Step, ctx: TaskContext): Task {
  return async (raw, helpers) => {
    const { jobId } = payload.parse(raw);
    const job = await markRunning(ctx.db, jobId);
    if (!job) return; // cancelled, or already done by an earlier attempt
    // A step that waits without reporting progress (an inference server loading a model for
    // minutes) still stops soon after a cancel, and stops what it started.
    const cancel = new AbortController();
    const watch = setInterval(() => {
      void getJob(ctx.db, jobId).then(
        (j) => j?.state === 'CANCELLED' && cancel.abort(new JobCancelled(`job ${jobId} was cancelled`)),
        () => {},
      );
    }, CANCEL_CHECK_MS);
    const stepHelpers: StepHelpers = {
      async progress(done, total) {
        if (!(await reportProgress(ctx.db, jobId, done, total))) throw new JobCancelled(`job ${jobId} was cancelled`);
      },
      log: (m) => helpers.logger.info(`${kind} #${jobId}: ${m}`),
      signal: cancel.signal,
    };
    try {
      const result = await step(job, ctx, stepHelpers);
      if (result) await runAgainLater(ctx.db, jobId, kind, result.againInMs);
      else await markSucceeded(ctx.db, jobId);
    } catch (err) {
      if (err instanceof JobCancelled || cancel.signal.aborted) return;
      const message = err instanceof Error ? err.message : String(err);
      const final = helpers.job.attempts >= helpers.job.max_attempts;
      await markAttemptFailed(ctx.db, jobId, message, final);
      throw err;
    } finally {
      clearInterval(watch);
    }
  };
}
