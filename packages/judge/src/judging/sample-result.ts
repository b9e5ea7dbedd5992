import { tierCount } from '../tiers';
import type { Problem, SampleResult, TestRecord } from '../types';
import { failureClassOf, type Verdict } from '../verdicts';

/** What every result of a sample says, whatever its verdict. */
export type SampleFacts = Pick<
  SampleResult,
  'id' | 'problemId' | 'language' | 'tiers' | 'sandbox' | 'judgeVersion' | 'limits' | 'machine'
>;

/** A judged sample's result: the first non-AC verdict in judging order (CE before any), its coverage. */
export function sampleResult(
  facts: SampleFacts,
  problem: Problem,
  tests: TestRecord[],
  compileError: string | undefined,
): SampleResult {
  const firstBad = compileError !== undefined ? 'CE' : tests.find((t) => t.verdict !== 'AC')?.verdict;
  const verdict: Verdict = firstBad ?? 'AC';
  const result: SampleResult = {
    ...facts,
    verdict,
    failureClass: failureClassOf(verdict),
    coveragePassed: compileError !== undefined ? 0 : coverage(problem, tests),
    tests,
    reruns: tests.reduce((n, t) => n + t.reruns, 0),
  };
  if (compileError !== undefined) result.compileError = compileError;
  const ie = tests.find((t) => t.verdict === 'IE');
  if (ie) result.internalError = ie.detail;
  return result;
}

/** Highest level c such that every test of tiers 1..c was run and is AC. */
function coverage(problem: Problem, tests: readonly TestRecord[]): number {
  const byIndex = new Map(tests.map((t) => [t.index, t]));
  const k = tierCount(problem.tests);
  let c = 0;
  for (let tier = 1; tier <= k; tier++) {
    const all = problem.tests.every((t, i) => t.tier !== tier || byIndex.get(i)?.verdict === 'AC');
    if (!all) break;
    c = tier;
  }
  return c;
}
