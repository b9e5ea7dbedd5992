import { recomputeAggregates } from '@frontier/db';
import type { Step } from './pipeline-task';
import { ensureRun, findCheckpoint, studySettings } from './study-settings';

// aggregate: recompute the (run, problem) aggregates of the run this chain produced.
export const aggregateStep: Step = async (job, ctx, h) => {
  const cfg = await studySettings(ctx, job.studyId);
  const checkpoint = await findCheckpoint(ctx, job.studyId, job.alpha!, cfg.scale);
  if (!checkpoint) throw new Error(`no checkpoint at alpha ${job.alpha}`);
  const { runId } = await ensureRun(ctx, checkpoint.id, cfg);
  const rows = await recomputeAggregates(ctx.db.pool, [runId]);
  h.log(`aggregated ${rows} problems`);
};
