import { JudgeInputError } from './errors';
import type { JudgeOptions } from './judging/options';
import { sampleScheduler, type JudgeRunOptions } from './judging/schedule';
import { setUpJudge } from './judging/setup';
import { LANGUAGES, type Benchmark, type Sample, type SampleResult, type SandboxBackend } from './types';

export type { JudgeOptions, JudgeRunOptions };

export interface Judge {
  /** The backend this judge runs its tests with. */
  readonly backend: SandboxBackend;
  /** The machine's CPU model, recorded with every verdict. */
  readonly machine: string;
  judgeSamples(benchmark: Benchmark, samples: readonly Sample[], options?: JudgeRunOptions): Promise<SampleResult[]>;
  close(): Promise<void>;
}

/** Checks every sample against the benchmark before any is judged; throws naming the record. */
export function validateSamples(benchmark: Benchmark, samples: readonly Sample[]): void {
  samples.forEach((s, i) => {
    const where = `sample #${i + 1} (id ${JSON.stringify(s.id)})`;
    if (!LANGUAGES.includes(s.language))
      throw new JudgeInputError(`${where}: unknown language ${JSON.stringify(s.language)} (expected python or cpp)`);
    if (typeof s.code !== 'string') throw new JudgeInputError(`${where}: code must be a string`);
    const p = benchmark.problems.get(s.problemId);
    if (!p) throw new JudgeInputError(`${where}: unknown problem ${JSON.stringify(s.problemId)}`);
    if (p.tests.length === 0)
      throw new JudgeInputError(`${where}: problem ${JSON.stringify(s.problemId)} has no tests`);
  });
}

/**
 * A judge. Its set-up runs here, at once (a machine that cannot sandbox programs fails now, not at
 * the first sample); its slots start on first use and stop at close().
 */
export function createJudge(options: JudgeOptions = {}): Judge {
  const rig = setUpJudge(options);
  const schedule = sampleScheduler(rig);
  return {
    backend: rig.backend,
    machine: rig.machine,
    async judgeSamples(benchmark, samples, runOptions = {}) {
      validateSamples(benchmark, samples);
      return schedule(benchmark, samples, runOptions);
    },
    async close() {
      await rig.close();
    },
  };
}
