import { createBackend } from './backends';
import type { Step } from './pipeline-task';
import { existingIndexes, insertSamples, type NewSample } from './sample-rows';
import { ensureRun, findCheckpoint, studySettings } from './study-settings';

// generate: N samples per problem from the checkpoint at the job's alpha. Only missing sample
// indexes are asked for, so a step killed half-way resumes where it stopped.
export const generateStep: Step = async (job, ctx, h) => {
  const cfg = await studySettings(ctx, job.studyId);
  const checkpoint = await findCheckpoint(ctx, job.studyId, job.alpha!, cfg.scale);
  if (!checkpoint?.uri) throw new Error(`no checkpoint at alpha ${job.alpha}: the merge step did not record one`);
  const { runId, benchmarkId } = await ensureRun(ctx, checkpoint.id, cfg);
  const { rows: problems } = await ctx.db.pool.query<{ id: number; external_id: string; title: string; statement: string | null }>(
    'SELECT id, external_id, title, statement FROM problem WHERE benchmark_id = $1 ORDER BY id',
    [benchmarkId],
  );
  if (problems.length === 0) throw new Error(`benchmark "${cfg.benchmark}" has no problems`);
  const have = await existingIndexes(ctx.db.pool, runId);
  const backend = await createBackend(cfg, { checkpointDir: checkpoint.uri, alpha: job.alpha! });
  try {
    let done = 0;
    for (const p of problems) {
      const present = have.get(p.id) ?? new Set<number>();
      const indexes = Array.from({ length: cfg.samplesPerProblem }, (_, i) => i).filter((i) => !present.has(i));
      if (indexes.length) {
        const batch: NewSample[] = [];
        for await (const s of backend.generate({ problemId: p.external_id, title: p.title, statement: p.statement ?? p.title, language: cfg.language, n: cfg.samplesPerProblem, indexes, seed: cfg.seed })) {
          batch.push({ problemId: p.id, idx: s.idx, language: cfg.language, code: s.code });
        }
        await insertSamples(ctx.db.pool, runId, batch);
      }
      await h.progress(++done, problems.length);
    }
  } finally {
    await backend.close?.();
  }
};
