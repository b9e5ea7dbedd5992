import { join } from 'node:path';
import { isBorderlineTle } from '../classify';
import type { ResolvedLimits } from '../limits';
import type { RunnableProgram } from '../programs';
import type { Problem, Sample } from '../types';
import type { JudgeRig } from './setup';
import { testRequest } from './test-request';
import { noteRun, recordOf, verdictOf, type TestOutcome } from './test-verdict';

export interface BatchOutcome {
  /** The records of the prefix of `order` that was judged. */
  records: TestOutcome[];
  /** The position in `order` of a borderline TLE, left to be re-run on its own. */
  borderline?: number;
  /** The slot's failure, if it failed (the records before it stand). */
  failed?: Error;
}

/**
 * Runs `order` (test indices) on one slot in a single request, in order; the supervisor answers
 * per test and the outputs are checked here as they arrive. Stops at the first non-AC unless
 * `allTests`, and at a borderline TLE (to be re-run on its own). The records are empty only if
 * the slot failed before any result.
 */
export async function runBatch(
  rig: JudgeRig,
  program: RunnableProgram,
  problem: Problem,
  order: readonly number[],
  limits: ResolvedLimits,
  sample: Sample,
  allTests: boolean,
): Promise<BatchOutcome> {
  const records: TestOutcome[] = [];
  let borderline: number | undefined;
  let failed: Error | undefined;
  await rig.pool.withSlot(async (slot, lane) => {
    // Per lane: the slot may run the other lane's request before this one's outputs are read.
    const outs = order.map((_, k) => join('out', `slot-${slot.index}-${lane}-${k}`));
    const items = order.map((index, k) => ({
      stdin: ['work', rig.files.input(problem, index)] as const,
      stdout: ['work', outs[k]!] as const,
    }));
    try {
      await slot.runBatch(
        testRequest(program, limits, rig.rerunMargin),
        items,
        { stopOnFailure: !allTests, stopCpuMs: limits.cpuMs },
        (k, run) => {
          if (k !== records.length) return false; // never expected: results come in order
          const index = order[k]!;
          const verdict = verdictOf(run, rig.files.output(run, outs[k]!), problem, index, limits);
          noteRun(rig.log, run, verdict, sample, index);
          if (verdict === 'TLE' && rig.maxReruns > 0 && isBorderlineTle(run, limits, rig.rerunMargin)) {
            borderline = k;
            return false;
          }
          const rec = recordOf(run, verdict, problem, index, 0);
          records.push(rec);
          return rec.compileError === undefined && (verdict === 'AC' || allTests);
        },
      );
    } catch (err) {
      failed = err as Error;
      rig.files.dropCutOutputs(err, outs);
    }
  });
  return { records, borderline, failed };
}
