import type { Task } from 'graphile-worker';
import { recomputeAggregates } from '@frontier/db';
import { z } from 'zod';
import type { TaskContext } from './context';

const payload = z.object({ runIds: z.array(z.number().int().positive()).min(1) });

// aggregate: recompute the (run, problem) aggregates every view reads, after an import or judging.
export function aggregateTask(ctx: TaskContext): Task {
  return async (raw, helpers) => {
    const { runIds } = payload.parse(raw);
    const rows = await recomputeAggregates(ctx.db.pool, runIds);
    helpers.logger.info(`aggregated ${rows} (run, problem) pairs for runs ${runIds.join(', ')}`);
  };
}
