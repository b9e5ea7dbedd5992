import type { Task } from 'graphile-worker';
import { recomputeAggregates } from '@frontier/db';
import { z } from 'zod';
import { judgeRunSamples } from '../pipeline/judge-step';
import type { TaskContext } from './context';

const payload = z.object({ runIds: z.array(z.number().int().positive()).min(1) });

// judge: the unjudged samples of imported runs (JSONL without verdicts), against the hidden tests
// of each run's benchmark, then their aggregates.
export function judgeTask(ctx: TaskContext): Task {
  return async (raw, helpers) => {
    const { runIds } = payload.parse(raw);
    for (const runId of runIds) {
      const { rows } = await ctx.db.pool.query<{ benchmark_id: number }>('SELECT benchmark_id FROM eval_run WHERE id = $1', [runId]);
      if (!rows[0]) continue; // the run was deleted meanwhile
      await judgeRunSamples(ctx, runId, rows[0].benchmark_id, {
        progress: async (done, total) => helpers.logger.info(`run ${runId}: judged ${done}/${total}`),
        log: (m) => helpers.logger.info(m),
      });
    }
    await recomputeAggregates(ctx.db.pool, runIds);
  };
}
