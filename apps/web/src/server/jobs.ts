import 'server-only';
import { describeVerdictChanges, isActiveJobState } from '@frontier/core';
import {
  cancelJob as cancelPipelineJob,
  ConflictError,
  getJob as getPipelineJob,
  InvalidInputError,
  listJobs as listPipelineJobs,
  listStudyJobs,
  loadStudySettings,
  cacheUntilChange,
  NotFoundError,
  queueEvaluation,
  queueRefinement,
  queueRejudge,
  rejudgeStateOf,
  refineParamsSchema,
  StudyNotEvaluableError,
  type PipelineJobRow,
} from '@frontier/db';
import { env } from '../env';
import type { EvaluateResponse, RejudgeResponse } from '../lib/jobs/jobs-api';
import type { JobSummary, RefineSummary } from '../lib/jobs/job-summary';
import type { RefineBody } from '../lib/evaluate/refine-input';
import type { RejudgeBody } from '../lib/evaluate/rejudge-input';
import { getDb } from './db';
import { describeEvaluation, type SettingRow } from './evaluation-settings';
import type { Identity } from './identity';
import { HttpError, notFound } from './http-error';
import { processOnce } from './process-once';
import { dataFeed } from './versioned-cache';

// Pipeline jobs for the browser: the rows of @frontier/db's pipeline module, with their study's
// name, as JSON. Queuing and cancelling go through the same module the CLI and worker use.

// What the browser gets: the job as people see it, times as ISO strings, and for a refinement
// run what it asked and its rounds (its params without the bookkeeping).
function toSummary({ runId: _run, params, createdAt, startedAt, finishedAt, ...job }: PipelineJobRow): JobSummary {
  const times = {
    createdAt: createdAt.toISOString(),
    startedAt: startedAt?.toISOString() ?? null,
    finishedAt: finishedAt?.toISOString() ?? null,
  };
  const rejudge = rejudgeStateOf(params);
  return {
    ...job,
    ...times,
    ...(job.kind === 'refine' && { refine: refineSummary(params) }),
    ...(rejudge && {
      rejudge: {
        force: rejudge.force,
        samples: rejudge.samples,
        firstJudged: rejudge.firstJudged,
        changes: rejudge.changes,
        summary: describeVerdictChanges(rejudge.changes),
      },
    }),
  };
}

function refineSummary(params: unknown): RefineSummary | undefined {
  const parsed = refineParamsSchema.safeParse(params);
  if (!parsed.success) return undefined;
  const { settings, alphaBudget, rounds, outcome } = parsed.data;
  return {
    settings,
    alphaBudget,
    rounds: rounds.map(({ alphas, best }) => ({ alphas, best })),
    ...(outcome && { outcome }),
  };
}

// The Jobs page polls its list every second or two, from every open tab: remembered until a job,
// a study (its name) or a user (who queued it) changes.
const jobLists = processOnce('frontierJobLists', async () =>
  cacheUntilChange<PipelineJobRow[] | undefined>(await dataFeed(), ['pipeline_job', 'study', 'app_user']),
);

/** The newest jobs, of one study or of all; 404 for an unknown study. */
export async function listJobs(filter: { studyId?: number; limit?: number }): Promise<JobSummary[]> {
  const key = `${filter.studyId ?? 'all'}:${filter.limit ?? ''}`;
  const rows = await (
    await jobLists()
  ).get(key, async () => {
    const db = await getDb();
    return filter.studyId === undefined
      ? listPipelineJobs(db, filter)
      : listStudyJobs(db, filter.studyId, filter.limit);
  });
  if (!rows) throw notFound(`no study with id ${filter.studyId}`);
  return rows.map(toSummary);
}

export async function getJob(id: number): Promise<JobSummary> {
  const db = await getDb();
  const row = await getPipelineJob(db, id);
  if (!row) throw notFound(`no job with id ${id}`);
  return toSummary(row);
}

/** Cancels a job and the steps after it; returns the job as it is now and how many were cancelled. */
export async function cancelJob(id: number): Promise<{ job: JobSummary; cancelled: number }> {
  const db = await getDb();
  const before = await getPipelineJob(db, id);
  if (!before) throw notFound(`no job with id ${id}`);
  if (!isActiveJobState(before.state)) {
    const past = before.state === 'CANCELLED' ? 'was already cancelled' : `has already ${before.state.toLowerCase()}`;
    throw new HttpError(409, `job ${id} cannot be cancelled: it ${past}`);
  }
  const cancelled = await cancelPipelineJob(db, id);
  return { job: await getJob(id), cancelled };
}

/**
 * The study's evaluation settings as the page shows them, or null when it has none (an imported
 * study: new alphas cannot be queued); 404 for an unknown study.
 */
export async function studyEvaluation(studyId: number): Promise<SettingRow[] | null> {
  try {
    return describeEvaluation((await loadStudySettings(await getDb(), studyId)).config);
  } catch (err) {
    if (err instanceof StudyNotEvaluableError) return null;
    throw toHttpError(err);
  }
}

/**
 * Queues merge -> generate -> judge -> aggregate per alpha that has no chain queued, running or
 * done (those are answered with their chain); 400 when the study cannot be evaluated, 429 past the
 * cap on queued alphas per study.
 */
export async function evaluate(studyId: number, alphas: number[], caller: Identity): Promise<EvaluateResponse> {
  try {
    const options = {
      maxQueuedAlphas: env().FRONTIER_MAX_QUEUED_ALPHAS,
      createdById: caller.userId,
      queuedVia: 'web' as const,
    };
    return { chains: await queueEvaluation(await getDb(), studyId, alphas, options) };
  } catch (err) {
    throw toHttpError(err);
  }
}

/** Queues an automatic refinement run; 400 for settings the study cannot take, 409 while it has one. */
export async function refine(studyId: number, body: RefineBody, caller: Identity): Promise<JobSummary> {
  try {
    const db = await getDb();
    const id = await queueRefinement(db, studyId, body, {
      createdById: caller.userId,
      queuedVia: 'web',
      maxQueuedAlphas: env().FRONTIER_MAX_QUEUED_ALPHAS,
    });
    return toSummary((await getPipelineJob(db, id))!);
  } catch (err) {
    throw toHttpError(err);
  }
}

/** Queues a re-judging of the study; 400 naming alphas or problems it does not have, 409 while one is queued or running. */
export async function rejudge(studyId: number, body: RejudgeBody, caller: Identity): Promise<RejudgeResponse> {
  try {
    const db = await getDb();
    const queued = await queueRejudge(db, studyId, body, { createdById: caller.userId, queuedVia: 'web' });
    const [judgeId, aggregateId] = queued.jobIds as [number, number];
    return {
      job: toSummary((await getPipelineJob(db, judgeId))!),
      aggregateJobId: aggregateId,
      runs: queued.runs,
      samples: queued.samples,
    };
  } catch (err) {
    throw toHttpError(err);
  }
}

// The data layer's typed errors in HTTP terms.
function toHttpError(err: unknown): unknown {
  if (err instanceof NotFoundError) return notFound(err.message);
  if (err instanceof StudyNotEvaluableError) {
    return new HttpError(
      400,
      `study "${err.studyName}" cannot be evaluated at new alphas: it has no evaluation settings (endpoint checkpoints, ` +
        'benchmark, generation backend); a study imported from result files only holds those results',
      [{ path: 'study.config', message: err.message }],
    );
  }
  if (err instanceof InvalidInputError) return new HttpError(400, err.message);
  if (err instanceof ConflictError) return new HttpError(409, err.message);
  return err;
}
