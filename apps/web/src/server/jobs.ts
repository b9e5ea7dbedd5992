import 'server-only';
import { cancelJob as cancelPipelineJob, EvaluateInputError, getJob as getPipelineJob, listJobs as listPipelineJobs, listStudyJobs, parseStudyConfig, queueEvaluation, type PipelineJobRow } from '@frontier/db';
import type { EvaluateResponse, JobSummary } from '../lib/api-types';
import { getDb } from './db';
import { HttpError, notFound } from './http-error';

// Pipeline jobs for the browser: the rows of @frontier/db's pipeline module, with their study's
// name, as JSON. Queuing and cancelling go through the same module the CLI and worker use.

function toSummary(row: PipelineJobRow): JobSummary {
  return {
    id: row.id,
    studyId: row.studyId,
    studyName: row.studyName,
    kind: row.kind,
    alpha: row.alpha,
    checkpointId: row.checkpointId,
    dependsOnId: row.dependsOnId,
    state: row.state,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function requireStudy(studyId: number): Promise<{ name: string; config: unknown }> {
  const db = await getDb();
  const { rows } = await db.pool.query<{ name: string; config: unknown }>('SELECT name, config FROM study WHERE id = $1', [studyId]);
  if (!rows[0]) throw notFound(`no study with id ${studyId}`);
  return rows[0];
}

/** The newest jobs, of one study or of all; 404 for an unknown study. One query either way. */
export async function listJobs(filter: { studyId?: number; limit?: number }): Promise<JobSummary[]> {
  const db = await getDb();
  if (filter.studyId === undefined) return (await listPipelineJobs(db.pool, filter)).map(toSummary);
  const rows = await listStudyJobs(db.pool, filter.studyId, filter.limit);
  if (!rows) throw notFound(`no study with id ${filter.studyId}`);
  return rows.map(toSummary);
}

export async function getJob(id: number): Promise<JobSummary> {
  const db = await getDb();
  const row = await getPipelineJob(db.pool, id);
  if (!row) throw notFound(`no job with id ${id}`);
  return toSummary(row);
}

/** Cancels a job and the steps after it; returns the job as it is now and how many were cancelled. */
export async function cancelJob(id: number): Promise<{ job: JobSummary; cancelled: number }> {
  const db = await getDb();
  const before = await getPipelineJob(db.pool, id);
  if (!before) throw notFound(`no job with id ${id}`);
  if (before.state !== 'QUEUED' && before.state !== 'RUNNING') {
    const past = before.state === 'CANCELLED' ? 'was already cancelled' : `has already ${before.state.toLowerCase()}`;
    throw new HttpError(409, `job ${id} cannot be cancelled: it ${past}`);
  }
  const cancelled = await cancelPipelineJob(db.pool, id);
  return { job: await getJob(id), cancelled };
}

/** Whether the study has evaluation settings, i.e. new alphas can be queued for it. */
export async function studyEvaluable(studyId: number): Promise<boolean> {
  const study = await requireStudy(studyId);
  try {
    parseStudyConfig(study.config, `study "${study.name}"`);
    return true;
  } catch {
    return false;
  }
}

/** Queues merge -> generate -> judge -> aggregate per alpha; 400 when the study cannot be evaluated. */
export async function evaluate(studyId: number, alphas: number[]): Promise<EvaluateResponse> {
  const study = await requireStudy(studyId);
  try {
    parseStudyConfig(study.config, `study "${study.name}"`);
  } catch (err) {
    throw new HttpError(
      400,
      `study "${study.name}" cannot be evaluated at new alphas: it has no evaluation settings (endpoint checkpoints, ` +
        'benchmark, generation backend); a study imported from result files only holds those results',
      [{ path: 'study.config', message: (err as Error).message }],
    );
  }
  const db = await getDb();
  try {
    return { chains: await queueEvaluation(db.pool, studyId, alphas) };
  } catch (err) {
    if (err instanceof EvaluateInputError) throw new HttpError(400, err.message);
    throw err;
  }
}
