import { recomputeAggregates } from '@frontier/db';
import type { Step } from '../pipeline-task';
import { targetRuns } from './target';

// aggregate: recompute the (run, problem) aggregates every view reads.
export const aggregateStep: Step = async (job, ctx, h) => {
  const runIds = (await targetRuns(job, ctx)).map((r) => r.runId);
  if (runIds.length === 0) return h.log('its runs were deleted meanwhile');
  const rows = await recomputeAggregates(ctx.db, runIds);
  h.log(`aggregated ${rows} (run, problem) pairs of runs ${runIds.join(', ')}`);
};
