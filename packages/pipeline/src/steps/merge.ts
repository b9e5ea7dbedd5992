import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkpointName } from '@frontier/core';
import { findCheckpointAtAlpha, saveMergedCheckpoint } from '@frontier/db';
import { removeTemporaries } from '@frontier/disk';
import { mergeCheckpoints } from '@frontier/merge';
import type { Step } from '../pipeline-task';
import { chainTarget } from './target';

// merge: make the checkpoint at the job's alpha unless it exists. Alpha 0 and 1 are the trained
// endpoints themselves. The merge writes to a temporary directory and renames it when complete,
// so a killed merge leaves nothing that looks like a checkpoint; the row is written after. A merge
// that finds the disk full removes its temporary directory and fails the attempt naming the space
// it needs; the queue retries it, and it succeeds once space is freed.
export const mergeStep: Step = async (job, ctx, h) => {
  const { config: cfg, alpha } = await chainTarget(job, ctx);
  for (const [name, dir] of Object.entries(cfg.endpoints)) {
    if (dir && !existsSync(dir)) throw new Error(`the ${name} endpoint checkpoint directory ${dir} does not exist`);
  }
  const existing = await findCheckpointAtAlpha(ctx.db, job.studyId, alpha, cfg.scale);
  if (existing?.uri && existsSync(existing.uri)) {
    h.log(`checkpoint at alpha ${alpha} exists (${existing.uri})`);
    return;
  }
  if (alpha === 0 || alpha === 1)
    throw new Error(`the ${alpha === 0 ? 'low' : 'high'}-coverage endpoint of this study is missing`);
  const out = join(cfg.checkpointsDir, checkpointName(alpha));
  // Only a killed merge (SIGKILL, power loss) leaves its temporary directory, gigabytes that fill
  // the disk; this job is the one writer of its alpha's checkpoint (one chain per alpha), so the
  // leftovers of its earlier attempts are removed.
  for (const stale of await removeTemporaries(out)) h.log(`removed ${stale}, left by an interrupted merge`);
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
  await saveMergedCheckpoint(ctx.db, {
    studyId: job.studyId,
    alpha,
    scale: cfg.scale,
    uri: result!.path,
    recipe: result!.recipe,
  });
  await h.progress(1, 1);
};
