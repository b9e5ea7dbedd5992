// Baseline 1: LiveCodeBench's strategy (lcb_baseline.py): one python3 process per sample, the
// same number at a time as the judge has workers; every test exec'd inside it.
import { fileURLToPath } from 'node:url';
import type { Benchmark, Sample } from '../../src/index';
import { LCB_TIMEOUT_S } from '../../src/lcb';
import { eachConcurrently, measured, PYTHON, run, type Phase } from './machine';

const SCRIPT = fileURLToPath(new URL('./lcb_baseline.py', import.meta.url));

export interface BaselineResult {
  phase: Phase;
  /** Verdict per `sampleId#testIndex`. */
  verdicts: Map<string, string>;
  /** CPU of each test's call inside the process (LCB's own cost per test, without the process). */
  cpuMs: number[];
}

/** `prelude`: what LiveCodeBench runs before the program ('' for a workload in our format). */
export async function lcbPhase(
  benchmark: Benchmark,
  samples: Sample[],
  prelude: string,
  workers: number,
): Promise<BaselineResult> {
  // The jobs are built before the timing: LiveCodeBench has its tests in memory too.
  const jobs = samples.map((s) => {
    const problem = benchmark.problems.get(s.problemId)!;
    const job = {
      prelude,
      code: s.code,
      fnName: problem.functional?.fnName ?? null,
      timeS: LCB_TIMEOUT_S,
      tests: problem.tests.map((t) => ({ input: t.input, output: t.output })),
    };
    return { sample: s, tests: problem.tests.length, json: JSON.stringify(job) };
  });
  const verdicts = new Map<string, string>();
  const cpuMs: number[] = [];
  const { ms, busy } = await measured(() =>
    eachConcurrently(jobs, workers, async (job) => {
      const { stdout } = await run(PYTHON, [SCRIPT], job.json);
      const lines = stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { v: string; cpuMs: number });
      // A process that died mid-way (LCB's "global timeout") fails the tests it did not report.
      for (let i = 0; i < job.tests; i++) verdicts.set(`${job.sample.id}#${i}`, lines[i]?.v ?? 'RE');
      cpuMs.push(...lines.map((l) => l.cpuMs));
    }),
  );
  return { phase: { tests: jobs.reduce((a, j) => a + j.tests, 0), ms, busy }, verdicts, cpuMs };
}
