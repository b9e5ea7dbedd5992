import { verdictCode } from '@frontier/core';
import type { Sample, SampleResult } from '@frontier/judge';
import { loadStoredBenchmark, programKey } from './judge-benchmark';
import { cachedResults, rememberResults, storeVerdicts, type Judged } from './judged-rows';
import type { TaskContext } from '../tasks/context';
import type { Step, StepHelpers } from './pipeline-task';
import { ensureRun, findCheckpoint, studySettings } from './study-settings';

const BATCH = 2000;

function toJudged(r: SampleResult): Judged {
  return {
    verdict: r.verdict,
    coveragePassed: r.coveragePassed,
    testVerdicts: r.tests.map((t) => verdictCode(t.verdict)),
    testCpuMs: r.tests.map((t) => Math.round(t.cpuMs)),
    testPeakKib: r.tests.map((t) => Math.round(t.peakKib)),
    reruns: r.reruns,
  };
}

// An empty program (no code block in the reply) is a compile error without running anything.
const EMPTY: Judged = { verdict: 'CE', coveragePassed: 0, testVerdicts: [], testCpuMs: [], testPeakKib: [], reruns: 0 };

// judge: every unjudged sample of the run this chain produced.
export const judgeStep: Step = async (job, ctx, h) => {
  const cfg = await studySettings(ctx, job.studyId);
  const checkpoint = await findCheckpoint(ctx, job.studyId, job.alpha!, cfg.scale);
  if (!checkpoint) throw new Error(`no checkpoint at alpha ${job.alpha}`);
  const { runId, benchmarkId } = await ensureRun(ctx, checkpoint.id, cfg);
  await judgeRunSamples(ctx, runId, benchmarkId, h);
};

// Judges every unjudged sample of a run, in batches. A program already judged against the same
// tests and limits (in any run) is looked up, not run again. Verdicts are written only onto
// samples that are still unjudged, so a retry after a crash judges each sample exactly once.
export async function judgeRunSamples(ctx: TaskContext, runId: number, benchmarkId: number, h: Pick<StepHelpers, 'progress' | 'log'>): Promise<void> {
  const stored = await loadStoredBenchmark(ctx.db.pool, benchmarkId);
  const { rows: count } = await ctx.db.pool.query<{ total: string; pending: string }>(
    'SELECT count(*) AS total, count(*) FILTER (WHERE verdict IS NULL) AS pending FROM sample WHERE run_id = $1',
    [runId],
  );
  const total = Number(count[0]!.total);
  let done = total - Number(count[0]!.pending);
  await h.progress(done, total);
  let after: [number, number] = [0, -1];
  for (;;) {
    const { rows } = await ctx.db.pool.query<{ problem_id: number; idx: number; language: 'python' | 'cpp'; code: string }>(
      `SELECT problem_id, idx, language, code FROM sample WHERE run_id = $1 AND verdict IS NULL AND (problem_id, idx) > ($2, $3)
       ORDER BY problem_id, idx LIMIT ${BATCH}`,
      [runId, after[0], after[1]],
    );
    if (rows.length === 0) break;
    after = [rows.at(-1)!.problem_id, rows.at(-1)!.idx];
    const keyed = rows.map((r) => {
      const externalId = stored.externalIds.get(r.problem_id)!;
      if (!stored.benchmark.problems.get(externalId)?.tests.length) {
        throw new Error(`problem ${externalId} has no hidden tests in this benchmark: import the benchmark with its tests before judging`);
      }
      return { ...r, externalId, key: programKey(stored.problemKeys.get(externalId)!, r.language, r.code) };
    });
    const known = await cachedResults(ctx.db.pool, [...new Set(keyed.map((k) => k.key))]);
    const fresh = new Map<string, Sample>();
    for (const k of keyed) {
      if (k.code.trim() === '') known.set(k.key, EMPTY);
      else if (!known.has(k.key) && !fresh.has(k.key)) fresh.set(k.key, { id: k.key, problemId: k.externalId, language: k.language, code: k.code });
    }
    if (fresh.size) {
      const judge = await ctx.judge();
      const results = await judge.judgeSamples(stored.benchmark, [...fresh.values()]);
      const judged = new Map(results.map((r) => [r.id, toJudged(r)]));
      for (const r of results) if (r.internalError) h.log(`IE on problem ${r.problemId}: ${r.internalError}`);
      await rememberResults(ctx.db.pool, judged);
      for (const [key, j] of judged) known.set(key, j);
    }
    await storeVerdicts(ctx.db.pool, runId, keyed.map((k) => ({ problemId: k.problem_id, idx: k.idx, judged: known.get(k.key)! })));
    done += rows.length;
    await h.progress(done, total);
  }
};
