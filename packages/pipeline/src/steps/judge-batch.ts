import { verdictCode } from '@frontier/core';
import { cachedResults, rememberResults, type Judged } from '@frontier/db';
import { JUDGE_VERSION, type Sample, type SampleResult } from '@frontier/judge';
import type { TaskContext } from '../context';
import { programKey, type JudgeHow, type StoredBenchmark } from '../judge-benchmark';
import type { StepHelpers } from '../pipeline-task';

function toJudged(r: SampleResult): Judged {
  return {
    verdict: r.verdict,
    coveragePassed: r.coveragePassed,
    testVerdicts: r.tests.map((t) => verdictCode(t.verdict)),
    testCpuMs: r.tests.map((t) => Math.round(t.cpuMs)),
    testPeakKib: r.tests.map((t) => Math.round(t.peakKib)),
    reruns: r.reruns,
    sandbox: r.sandbox,
    judgeVersion: r.judgeVersion,
    limitCpuMs: r.limits.cpuMs,
    limitMemoryKib: r.limits.memoryKib,
    machine: r.machine,
  };
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
  judgeVersion: JUDGE_VERSION,
  limitCpuMs: null,
  limitMemoryKib: null,
  machine: null,
};

/** What one judge job did to one run: the worker logs it (and bench:workers reads it). */
export interface RunJudged {
  /** Unjudged samples taken. */
  samples: number;
  /** Verdicts written (fewer than `samples` only if something else wrote some meanwhile). */
  written: number;
  /** Programs run in the sandbox; the other samples reused a stored result or were empty. */
  programs: number;
  /** Tests run (a program stops at its first failing test). */
  tests: number;
}

/**
 * Results for a batch of samples of one run: stored ones (unless `force`), empty programs, and the
 * rest judged now and remembered. Counts what ran into `out`.
 */
export async function judgeBatch<S extends { problemId: number; language: string; code: string }>(
  ctx: TaskContext,
  stored: StoredBenchmark,
  how: JudgeHow,
  rows: readonly S[],
  h: Pick<StepHelpers, 'log'>,
  out: Pick<RunJudged, 'programs' | 'tests'>,
  force = false,
): Promise<{ known: Map<string, Judged>; keyed: (S & { key: string })[] }> {
  const keyed = rows.map((r) => {
    const externalId = stored.externalIds.get(r.problemId)!;
    if (!stored.benchmark.problems.get(externalId)?.tests.length) {
      throw new Error(
        `problem ${externalId} has no hidden tests in this benchmark: import the benchmark with its tests before judging`,
      );
    }
    return { ...r, externalId, key: programKey(stored.problemKeys.get(externalId)!, r.language, r.code, how) };
  });
  const known = force ? new Map<string, Judged>() : await cachedResults(ctx.db, [...new Set(keyed.map((k) => k.key))]);
  const fresh = new Map<string, Sample>();
  for (const k of keyed) {
    if (k.code.trim() === '') known.set(k.key, EMPTY);
    else if (!known.has(k.key) && !fresh.has(k.key))
      fresh.set(k.key, {
        id: k.key,
        problemId: k.externalId,
        language: k.language as Sample['language'],
        code: k.code,
      });
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
    await rememberResults(ctx.db, judged, force);
    for (const [key, j] of judged) known.set(key, j);
  }
  return { known, keyed };
}
