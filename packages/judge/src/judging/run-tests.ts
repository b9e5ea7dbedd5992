import type { ResolvedLimits } from '../limits';
import type { RunnableProgram } from '../programs';
import { judgingOrder } from '../tiers';
import type { Problem, Sample, TestRecord } from '../types';
import { runBatch } from './batch';
import { stopIfDiskFull } from './disk-full';
import type { JudgeRig } from './setup';
import { runTest } from './single-test';
import type { TestOutcome } from './test-verdict';

/**
 * Runs a sample's tests in judging order (tier by tier, smallest first) until one fails, or all of
 * them with `allTests`: as many as possible per request to the slot's supervisor (no round trip
 * per test), a test on its own where it must be re-run or where the slot failed.
 */
export async function runTests(
  rig: JudgeRig,
  program: RunnableProgram,
  problem: Problem,
  limits: ResolvedLimits,
  sample: Sample,
  allTests: boolean,
): Promise<{ tests: TestRecord[]; compileError?: string }> {
  const tests: TestRecord[] = [];
  let compileError: string | undefined;
  const order = judgingOrder(problem.tests);
  // Returns false when judging stops here.
  const take = (rec: TestOutcome): boolean => {
    if (rec.compileError !== undefined) {
      compileError = rec.compileError;
      return false; // a Python syntax error is the sample's, not one test's
    }
    tests.push(rec);
    return rec.verdict === 'AC' || allTests;
  };
  let pos = 0;
  judging: while (pos < order.length) {
    // The remaining tests in one request to the slot's supervisor (no round trip per test).
    const { records, borderline, failed } = await runBatch(
      rig,
      program,
      problem,
      order.slice(pos),
      limits,
      sample,
      allTests,
    );
    stopIfDiskFull(failed, rig.workDir); // a test's output file could not be written
    for (const rec of records) {
      pos++;
      if (!take(rec)) break judging;
    }
    if (pos >= order.length) break;
    if (borderline !== undefined || failed || records.length === 0) {
      // A borderline TLE is re-run on its own (the batch's run was the first); after a
      // supervisor failure the next test goes through the single-run path, which retries on a
      // fresh slot and reports IE.
      const rec = await runTest(rig, program, problem, order[pos]!, limits, sample, borderline !== undefined ? 1 : 0);
      pos++;
      if (!take(rec)) break;
    }
    // Otherwise the supervisor stopped on a run judged AC here: the rest goes in a new batch.
  }
  return { tests, compileError };
}
