import { responseChars } from '@frontier/core';
import {
  ensureRun,
  existingIndexes,
  findCheckpointAtAlpha,
  insertSamples,
  listPromptProblems,
  type NewSample,
} from '@frontier/db';
import { withCheckpointBackend } from '../serving';
import type { Step } from '../pipeline-task';
import { chainTarget } from './target';

// generate: N samples per problem from the checkpoint at the job's alpha. Only missing sample
// indexes are asked for, so a step killed half-way resumes where it stopped.
export const generateStep: Step = async (job, ctx, h) => {
  const { config: cfg, alpha } = await chainTarget(job, ctx);
  const checkpoint = await findCheckpointAtAlpha(ctx.db, job.studyId, alpha, cfg.scale);
  if (!checkpoint?.uri) throw new Error(`no checkpoint at alpha ${alpha}: the merge step did not record one`);
  const { runId, benchmarkId } = await ensureRun(ctx.db, checkpoint.id, cfg);
  const problems = await listPromptProblems(ctx.db, benchmarkId);
  if (problems.length === 0) throw new Error(`benchmark "${cfg.benchmark}" has no problems`);
  const have = await existingIndexes(ctx.db, runId);
  await withCheckpointBackend(
    cfg.backend,
    { dir: checkpoint.uri, alpha, jobId: job.id },
    ctx,
    h,
    cfg.seed,
    async (backend) => {
      let done = 0;
      for (const p of problems) {
        const present = have.get(p.id) ?? new Set<number>();
        const indexes = Array.from({ length: cfg.samplesPerProblem }, (_, i) => i).filter((i) => !present.has(i));
        if (indexes.length) {
          const batch: NewSample[] = [];
          for await (const s of backend.generate({
            problemId: p.externalId,
            title: p.title,
            statement: p.statement ?? p.title,
            language: cfg.language,
            n: cfg.samplesPerProblem,
            indexes,
            seed: cfg.seed,
            signal: h.signal,
          })) {
            batch.push({
              problemId: p.id,
              idx: s.idx,
              language: cfg.language,
              code: s.code,
              responseChars: s.responseChars ?? responseChars(s.raw ?? s.code),
              completionTokens: s.completionTokens ?? null,
            });
          }
          await insertSamples(ctx.db, runId, batch);
        }
        await h.progress(++done, problems.length);
      }
    },
  );
};
