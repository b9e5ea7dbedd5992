import { checkOutput, functionalEqual } from '../checker';
import { classifyRun, outOfMemoryDetail, peakKib, ranOutOfMemory } from '../classify';
import type { ResolvedLimits } from '../limits';
import type { RunResult } from '../sandbox/types';
import type { Problem, Sample, TestRecord } from '../types';
import type { Verdict } from '../verdicts';

/** A test's record; `compileError` marks a Python syntax error, which is the sample's, not the test's. */
export type TestOutcome = TestRecord & { compileError?: string };

/**
 * The verdict of test `index`'s run: how it ended, then its output against the expected one. A
 * wrong answer from a run that ran out of memory is MLE, as every other failure of such a run.
 */
export function verdictOf(
  run: RunResult,
  output: string,
  problem: Problem,
  index: number,
  limits: ResolvedLimits,
): Verdict {
  const v = classifyRun(run, limits);
  if (v) return v;
  const expected = problem.tests[index]!.output;
  const right = problem.functional ? functionalEqual(output, expected) : checkOutput(problem.checker, output, expected);
  if (right) return 'AC';
  return ranOutOfMemory(run) ? 'MLE' : 'WA';
}

/** Logs what the judge should hear of a run: its own failure (IE), processes a slot left behind. */
export function noteRun(
  log: (message: string) => void,
  run: RunResult,
  verdict: Verdict,
  sample: Sample,
  index: number,
): void {
  if (verdict === 'IE') log(`IE on sample ${sample.id} test ${index}: ${run.setupError}`);
  if (run.leftoverProcesses > 0)
    log(`slot left ${run.leftoverProcesses} process(es) after sample ${sample.id} test ${index}`);
}

export function recordOf(
  run: RunResult,
  verdict: Verdict,
  problem: Problem,
  index: number,
  reruns: number,
): TestOutcome {
  const record: TestOutcome = {
    index,
    tier: problem.tests[index]!.tier,
    verdict,
    cpuMs: Math.round(run.cpuMs * 1000) / 1000,
    peakKib: peakKib(run),
    wallMs: Math.round(run.wallMs * 1000) / 1000,
    reruns,
  };
  if (verdict === 'IE') record.detail = run.setupError;
  if (verdict === 'RE') record.detail = run.stderr.slice(-500) || undefined;
  if (verdict === 'MLE')
    record.detail = [outOfMemoryDetail(run), run.stderr.slice(-500)].filter(Boolean).join('\n') || undefined;
  if (verdict === 'CE') record.compileError = run.compileError;
  return record;
}
