import type { Program } from '../programs';
import { tierCount } from '../tiers';
import type { Problem, Sample, SampleResult } from '../types';
import { JUDGE_VERSION } from '../version';
import { failureClassOf } from '../verdicts';
import { stopIfDiskFull } from './disk-full';
import { runTests } from './run-tests';
import { sampleResult, type SampleFacts } from './sample-result';
import type { JudgeRig } from './setup';

/** Judges one sample: its program prepared (C++ compiled), then its tests run. */
export async function judgeSample(
  rig: JudgeRig,
  problem: Problem,
  sample: Sample,
  allTests: boolean,
  lcbCompat: boolean,
): Promise<SampleResult> {
  const limits = rig.limitsOf(problem, sample.language, lcbCompat);
  const facts: SampleFacts = {
    id: sample.id,
    problemId: sample.problemId,
    language: sample.language,
    tiers: tierCount(problem.tests),
    sandbox: rig.backend,
    judgeVersion: JUDGE_VERSION,
    limits: { cpuMs: Math.round(limits.cpuMs), memoryKib: Math.round(limits.memoryBytes / 1024) },
    machine: rig.machine,
  };
  let program: Program;
  try {
    program = await rig.programs.prepare(sample.language, sample.code, problem, lcbCompat);
  } catch (err) {
    stopIfDiskFull(err, rig.cacheDir);
    const cause = (err as Error).message;
    rig.log(`IE preparing sample ${sample.id}: ${cause}`);
    return {
      ...facts,
      verdict: 'IE',
      failureClass: 'INTERNAL',
      coveragePassed: 0,
      tests: [],
      reruns: 0,
      internalError: cause,
    };
  }
  if (program.kind === 'ce') {
    return {
      ...facts,
      verdict: 'CE',
      failureClass: failureClassOf('CE'),
      coveragePassed: 0,
      tests: [],
      reruns: 0,
      compileError: program.message,
    };
  }
  const { tests, compileError } = await runTests(rig, program, problem, limits, sample, allTests);
  return sampleResult(facts, problem, tests, compileError);
}
