import { plural, verdictCode } from '@frontier/core';
import {
  cachedResults,
  claimRunForJudging,
  countRunSamples,
  loadStudySettings,
  nextUnjudgedSamples,
  rememberResults,
  storeVerdicts,
  StudyNotEvaluableError,
  type Judged,
  type RunRef,
  type StudyConfig,
} from '@frontier/db';
import type { Sample, SampleResult } from '@frontier/judge';
import type { TaskContext } from '../context';
import { loadStoredBenchmark, programKey, type JudgeHow } from '../judge-benchmark';
import type { Step, StepHelpers } from '../pipeline-task';
import { targetRuns } from './target';

const BATCH = 2000;
/** How soon a judge job whose run another job is judging looks again. */
const CLAIMED_RECHECK_MS = 5_000;

function toJudged(r: SampleResult): Judged {
  return {
    verdict: r.verdict,
    coveragePassed: r.coveragePassed,
    testVerdicts: r.tests.map((t) => verdictCode(t.verdict)),
    testCpuMs: r.tests.map((t) => Math.round(t.cpuMs)),
    testPeakKib: r.tests.map((t) => Math.round(t.peakKib)),
    reruns: r.reruns,
    sandbox: r.sandbox,
  };
}

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

// An empty program (no code block in the reply) is a compile error without running anything.
const EMPTY: Judged = {
  verdict: 'CE',
  coveragePassed: 0,
  testVerdicts: [],
  testCpuMs: [],
  testPeakKib: [],
  reruns: 0,
  sandbox: null,
};

/** What one judge job did to one run: the worker logs it (and bench:workers reads it). */
interface RunJudged {
  /** Unjudged samples taken. */
  samples: number;
  /** Verdicts written (fewer than `samples` only if something else wrote some meanwhile). */
  written: number;
  /** Programs run in the sandbox; the other samples reused a stored result or were empty. */
  programs: number;
  /** Tests run (a program stops at its first failing test). */
  tests: number;
}

// judge: every unjudged sample of the job's runs (the chain's run, or an import's run). A run is
// judged by one job at a time (claimRunForJudging): a job whose run another one is judging steps
// aside and looks again later, then finds those samples judged.
export const judgeStep: Step = async (job, ctx, h) => {
  const runs = await targetRuns(job, ctx);
  const how: JudgeHow = await studyJudgeSettings(job.studyId, ctx);
  await checkBackend(job.studyId, how.backend, ctx);
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
    const keyed = rows.map((r) => {
      const externalId = stored.externalIds.get(r.problemId)!;
      if (!stored.benchmark.problems.get(externalId)?.tests.length) {
        throw new Error(
          `problem ${externalId} has no hidden tests in this benchmark: import the benchmark with its tests before judging`,
        );
      }
      return { ...r, externalId, key: programKey(stored.problemKeys.get(externalId)!, r.language, r.code, how) };
    });
    const known = await cachedResults(ctx.db, [...new Set(keyed.map((k) => k.key))]);
    const fresh = new Map<string, Sample>();
    for (const k of keyed) {
      if (k.code.trim() === '') known.set(k.key, EMPTY);
      else if (!known.has(k.key) && !fresh.has(k.key))
        fresh.set(k.key, { id: k.key, problemId: k.externalId, language: k.language, code: k.code });
    }
    if (fresh.size) {
      const judge = await ctx.judge();
      const results = await judge.judgeSamples(stored.benchmark, [...fresh.values()], {
        lcbCompat: how.lcbCompat ?? false,
      });
      const judged = new Map(results.map((r) => [r.id, toJudged(r)]));
      for (const r of results) if (r.internalError) h.log(`IE on problem ${r.problemId}: ${r.internalError}`);
      // A result the judge had from an identical program it ran before (deduplicated) ran nothing now.
      const ran = results.filter((r) => !r.deduplicated);
      out.programs += ran.length;
      out.tests += ran.reduce((n, r) => n + r.tests.length, 0);
      await rememberResults(ctx.db, judged);
      for (const [key, j] of judged) known.set(key, j);
    }
    out.written += await storeVerdicts(
      ctx.db,
      run.runId,
      keyed.map((k) => ({ problemId: k.problemId, idx: k.idx, judged: known.get(k.key)! })),
    );
    out.samples += rows.length;
    await onBatch(rows.length);
  }
  return out;
}
