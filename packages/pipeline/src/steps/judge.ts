import { plural } from '@frontier/core';
import {
  claimRunForJudging,
  countRunSamples,
  loadStudySettings,
  nextUnjudgedSamples,
  rejudgeStateOf,
  storeVerdicts,
  StudyNotEvaluableError,
  type RunRef,
  type StudyConfig,
} from '@frontier/db';
import type { TaskContext } from '../context';
import { loadStoredBenchmark, type JudgeHow } from '../judge-benchmark';
import { judgeBatch, type RunJudged } from './judge-batch';
import type { Step, StepHelpers } from '../pipeline-task';
import { rejudgeRuns } from './rejudge';
import { targetRuns } from './target';

const BATCH = 2000;
/** How soon a judge job whose run another job is judging looks again. */
const CLAIMED_RECHECK_MS = 5_000;

/** The study's `judge` settings; an imported study without settings is judged the default way, by any backend. */
async function studyJudgeSettings(studyId: number, ctx: TaskContext): Promise<StudyConfig['judge']> {
  try {
    return (await loadStudySettings(ctx.db, studyId)).config.judge;
  } catch (err) {
    if (err instanceof StudyNotEvaluableError) return { lcbCompat: false };
    throw err;
  }
}

// A study that requires a backend is judged only by a worker whose judge has it. Failing the
// attempt lets the queue retry it later, possibly on another worker.
async function checkBackend(
  studyId: number,
  required: StudyConfig['judge']['backend'],
  ctx: TaskContext,
): Promise<void> {
  if (!required) return;
  const { backend } = await ctx.judge();
  if (backend !== required) {
    throw new Error(
      `study ${studyId} requires the ${required} judge backend; this worker's judge is ${backend}: set FRONTIER_JUDGE_BACKEND=${required} on a machine where it works`,
    );
  }
}

// judge: every unjudged sample of the job's runs (the chain's run, or an import's run), or, for a
// re-judging, every selected sample (see rejudge.ts). A run is
// judged by one job at a time (claimRunForJudging): a job whose run another one is judging steps
// aside and looks again later, then finds those samples judged.
export const judgeStep: Step = async (job, ctx, h) => {
  const runs = await targetRuns(job, ctx);
  const how: JudgeHow = await studyJudgeSettings(job.studyId, ctx);
  await checkBackend(job.studyId, how.backend, ctx);
  const rejudge = rejudgeStateOf(job.params);
  if (rejudge) return rejudgeRuns(job, rejudge, runs, how, ctx, h);
  const counts = await Promise.all(runs.map((r) => countRunSamples(ctx.db, r.runId)));
  const total = counts.reduce((n, c) => n + c.total, 0);
  let done = total - counts.reduce((n, c) => n + c.unjudged, 0);
  await h.progress(done, total);
  for (const run of runs) {
    const holder = await claimRunForJudging(ctx.db, job.id, run.runId);
    if (holder !== undefined) {
      h.log(`run ${run.runId} is being judged by job ${holder}; looking again in ${CLAIMED_RECHECK_MS / 1000} s`);
      return { againInMs: CLAIMED_RECHECK_MS };
    }
    const started = performance.now();
    const r = await judgeRunSamples(ctx, run, how, h, async (judged) => h.progress((done += judged), total));
    const seconds = (performance.now() - started) / 1000;
    if (r.samples)
      h.log(
        `run ${run.runId}: judged ${plural(r.samples, 'sample')} (${plural(r.written, 'verdict')} written), ${plural(r.programs, 'program')} run, ${plural(r.tests, 'test')}, in ${seconds.toFixed(1)} s`,
      );
  }
};

// Judges every unjudged sample of a run, in batches. A program already judged against the same
// tests and limits (in any run) is looked up, not run again. Verdicts are written only onto
// samples that are still unjudged, so a retry after a crash judges each sample exactly once. A
// study that requires a backend reuses only results of that backend (its keys include it).
async function judgeRunSamples(
  ctx: TaskContext,
  run: RunRef,
  how: JudgeHow,
  h: Pick<StepHelpers, 'log'>,
  onBatch: (judged: number) => Promise<void>,
): Promise<RunJudged> {
  const stored = await loadStoredBenchmark(ctx.db, run.benchmarkId);
  const out: RunJudged = { samples: 0, written: 0, programs: 0, tests: 0 };
  let after = { problemId: 0, idx: -1 };
  for (;;) {
    const rows = await nextUnjudgedSamples(ctx.db, run.runId, after, BATCH);
    if (rows.length === 0) break;
    after = rows.at(-1)!;
    const { known, keyed } = await judgeBatch(ctx, stored, how, rows, h, out);
    out.written += await storeVerdicts(
      ctx.db.pool,
      run.runId,
      keyed.map((k) => ({ problemId: k.problemId, idx: k.idx, judged: known.get(k.key)! })),
    );
    out.samples += rows.length;
    await onBatch(rows.length);
  }
  return out;
}
