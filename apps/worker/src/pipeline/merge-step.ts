import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCheckpoints } from '@frontier/merge';
import type { Step } from './pipeline-task';
import { checkpointName, findCheckpoint, studySettings } from './study-settings';

// merge: make the checkpoint at the job's alpha unless it exists. Alpha 0 and 1 are the trained
// endpoints themselves. The merge writes to a temporary directory and renames it when complete,
// so a killed merge leaves nothing that looks like a checkpoint; the row is written after.
export const mergeStep: Step = async (job, ctx, h) => {
  const cfg = await studySettings(ctx, job.studyId);
  const alpha = job.alpha!;
  for (const [name, dir] of Object.entries(cfg.endpoints)) {
    if (dir && !existsSync(dir)) throw new Error(`the ${name} endpoint checkpoint directory ${dir} does not exist`);
  }
  const existing = await findCheckpoint(ctx, job.studyId, alpha, cfg.scale);
  if (existing?.uri && existsSync(existing.uri)) {
    h.log(`checkpoint at alpha ${alpha} exists (${existing.uri})`);
    return;
  }
  if (alpha === 0 || alpha === 1) throw new Error(`the ${alpha === 0 ? 'low' : 'high'}-coverage endpoint of this study is missing`);
  const out = join(cfg.checkpointsDir, `alpha=${alpha}`);
  let last = 0;
  const [result] = await mergeCheckpoints({
    models: [cfg.endpoints.lo, cfg.endpoints.hi],
    alphas: [alpha],
    base: cfg.endpoints.base,
    out,
    onProgress: (p) => {
      if (p.bytesDone - last > 64 << 20 || p.bytesDone === p.bytesTotal) {
        last = p.bytesDone;
        void h.progress(p.bytesDone, p.bytesTotal).catch(() => {});
      }
    },
  });
  const { rows: parents } = await ctx.db.pool.query<{ role: string; id: number }>(
    `SELECT role, id FROM checkpoint WHERE study_id = $1 AND role IN ('LOW', 'HIGH') AND model_scale = $2`,
    [job.studyId, cfg.scale],
  );
  const parent = (role: string) => parents.find((p) => p.role === role)?.id ?? null;
  await ctx.db.pool.query(
    `INSERT INTO checkpoint (study_id, name, role, alpha, model_scale, uri, recipe, parent_lo_id, parent_hi_id)
     VALUES ($1, $2, 'MERGED', $3, $4, $5, $6, $7, $8)
     ON CONFLICT (study_id, name) DO UPDATE SET uri = EXCLUDED.uri, recipe = EXCLUDED.recipe, alpha = EXCLUDED.alpha`,
    [job.studyId, checkpointName(alpha, cfg.scale), alpha, cfg.scale, result!.path, result!.recipe, parent('LOW'), parent('HIGH')],
  );
  await h.progress(1, 1);
};
