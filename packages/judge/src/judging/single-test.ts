import { join } from 'node:path';
import { isBorderlineTle } from '../classify';
import type { ResolvedLimits } from '../limits';
import type { RunnableProgram } from '../programs';
import type { RunRequest, RunResult } from '../sandbox/types';
import type { Problem, Sample } from '../types';
import { stopIfDiskFull } from './disk-full';
import type { JudgeRig } from './setup';
import { testRequest } from './test-request';
import { noteRun, recordOf, verdictOf, type TestOutcome } from './test-verdict';

/**
 * One test in a request of its own: a borderline TLE is re-run (up to maxReruns, counting
 * `firstReruns` already made), and a slot that fails is the judge's fault: retried once on a
 * fresh slot, then IE.
 */
export async function runTest(
  rig: JudgeRig,
  program: RunnableProgram,
  problem: Problem,
  index: number,
  limits: ResolvedLimits,
  sample: Sample,
  firstReruns = 0,
): Promise<TestOutcome> {
  let reruns = firstReruns;
  let attempt = 0;
  for (;;) {
    let run: RunResult;
    let output: string;
    try {
      ({ run, output } = await runOnce(rig, program, problem, index, limits));
    } catch (err) {
      stopIfDiskFull(err, rig.workDir);
      // The judge's own fault (a supervisor died): retry once on a fresh slot, then IE.
      if (attempt++ < 1) continue;
      const cause = (err as Error).message;
      rig.log(`IE on sample ${sample.id} test ${index}: ${cause}`);
      return {
        index,
        tier: problem.tests[index]!.tier,
        verdict: 'IE',
        cpuMs: 0,
        peakKib: 0,
        wallMs: 0,
        reruns,
        detail: cause,
      };
    }
    const verdict = verdictOf(run, output, problem, index, limits);
    noteRun(rig.log, run, verdict, sample, index);
    if (verdict === 'TLE' && reruns < rig.maxReruns && isBorderlineTle(run, limits, rig.rerunMargin)) {
      reruns++;
      continue;
    }
    return recordOf(run, verdict, problem, index, reruns);
  }
}

async function runOnce(
  rig: JudgeRig,
  program: RunnableProgram,
  problem: Problem,
  index: number,
  limits: ResolvedLimits,
) {
  const req: RunRequest = {
    ...testRequest(program, limits, rig.rerunMargin),
    stdin: ['work', rig.files.input(problem, index)],
  };
  return rig.pool.withSlot(async (slot, lane) => {
    const out = join('out', `slot-${slot.index}-${lane}`);
    const run = await slot.run({ ...req, stdout: ['work', out] }).catch((err: unknown) => {
      rig.files.dropCutOutputs(err, [out]);
      throw err;
    });
    return { run, output: rig.files.output(run, out) };
  });
}
