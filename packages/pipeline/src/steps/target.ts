import {
  ensureRun,
  findCheckpointAtAlpha,
  findRuns,
  loadStudySettings,
  type PipelineJobRow,
  type RunRef,
  type StudyConfig,
} from '@frontier/db';
import { z } from 'zod';
import type { TaskContext } from '../context';

const runParams = z.object({ runIds: z.array(z.number().int().positive()).min(1) });

/**
 * The runs a judge or aggregate job works on: the run of the checkpoint at the chain's alpha, or,
 * for a job on given runs (an import's), those that still exist.
 */
export async function targetRuns(job: PipelineJobRow, ctx: TaskContext): Promise<RunRef[]> {
  if (job.alpha === null) return findRuns(ctx.db, runParams.parse(job.params).runIds);
  const { config } = await loadStudySettings(ctx.db, job.studyId);
  const checkpoint = await findCheckpointAtAlpha(ctx.db, job.studyId, job.alpha, config.scale);
  if (!checkpoint) throw new Error(`no checkpoint at alpha ${job.alpha}`);
  return [await ensureRun(ctx.db, checkpoint.id, config)];
}

/** The study's settings and the alpha of a chain's job (merge and generate work on an alpha). */
export async function chainTarget(
  job: PipelineJobRow,
  ctx: TaskContext,
): Promise<{ config: StudyConfig; alpha: number }> {
  if (job.alpha === null) throw new Error(`a ${job.kind} job needs an alpha`);
  const { config } = await loadStudySettings(ctx.db, job.studyId);
  return { config, alpha: job.alpha };
}
