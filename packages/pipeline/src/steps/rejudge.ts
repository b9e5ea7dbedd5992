import { addVerdictChange, describeVerdictChanges, plural } from '@frontier/core';
import {
  claimRunForJudging,
  nextSamplesToRejudge,
  storeRejudgedBatch,
  type PipelineJobRow,
  type RejudgeState,
  type RunRef,
} from '@frontier/db';
import type { TaskContext } from '../context';
import { loadStoredBenchmark, type JudgeHow } from '../judge-benchmark';
import type { StepHelpers, StepResult } from '../pipeline-task';
import { judgeBatch, type RunJudged } from './judge-batch';

const BATCH = 500;
/** How soon a re-judging whose run another judge job holds looks again. */
const CLAIMED_RECHECK_MS = 5_000;

// The judge step of a re-judging (see queueRejudge): every selected sample of the job's runs is
// judged again with the current judge, reusing only results of this judge version (none with
// `force`), and its verdict replaced. Each batch's verdicts and the job's state (where it got to,
// what changed) are written in one transaction, so a retry goes on where the last attempt stopped
// and counts every change once.
export async function rejudgeRuns(
  job: PipelineJobRow,
  start: RejudgeState,
  runs: readonly RunRef[],
  how: JudgeHow,
  ctx: TaskContext,
  h: StepHelpers,
): Promise<StepResult> {
  const state: RejudgeState = { ...start, changes: { ...start.changes } };
  const total = job.progressTotal;
  await h.progress(state.samples, total);
  const out: RunJudged = { samples: 0, written: 0, programs: 0, tests: 0 };
  for (const run of runs) {
    if (state.cursor && run.runId < state.cursor.runId) continue;
    const holder = await claimRunForJudging(ctx.db, job.id, run.runId);
    if (holder !== undefined) {
      h.log(`run ${run.runId} is being judged by job ${holder}; looking again in ${CLAIMED_RECHECK_MS / 1000} s`);
      return { againInMs: CLAIMED_RECHECK_MS };
    }
    const stored = await loadStoredBenchmark(ctx.db, run.benchmarkId);
    let after =
      state.cursor?.runId === run.runId
        ? { problemId: state.cursor.problemId, idx: state.cursor.idx }
        : { problemId: 0, idx: -1 };
    for (;;) {
      const rows = await nextSamplesToRejudge(ctx.db, run.runId, after, state.problemIds, BATCH);
      if (rows.length === 0) break;
      after = rows.at(-1)!;
      const { known, keyed } = await judgeBatch(ctx, stored, how, rows, h, out, state.force);
      const verdicts = keyed.map((k) => ({ problemId: k.problemId, idx: k.idx, judged: known.get(k.key)! }));
      for (const k of keyed) {
        const now = known.get(k.key)!.verdict;
        if (k.verdict === null) state.firstJudged++;
        else addVerdictChange(state.changes, k.verdict, now);
      }
      state.samples += rows.length;
      state.cursor = { runId: run.runId, problemId: after.problemId, idx: after.idx };
      await storeRejudgedBatch(ctx.db, job.id, run.runId, verdicts, state);
      await h.progress(state.samples, total);
    }
  }
  h.log(
    `re-judged ${plural(state.samples, 'sample')} (${plural(out.programs, 'program')} run now, ${plural(out.tests, 'test')}): ${describeVerdictChanges(state.changes)}`,
  );
}
