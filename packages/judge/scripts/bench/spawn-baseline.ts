// Baseline 2: plain spawn, `python3 prog.py < input` per test from Node, the same number at a
// time as the judge has workers; the program as the judge builds it (prelude, functional
// harness) and its output checked as the judge checks it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutput, type Benchmark, type Problem, type Sample } from '../../src/index';
import { functionalEqual } from '../../src/checker';
import { lcbFunctionalProgram, lcbStdinProgram } from '../../src/lcb';
import { eachConcurrently, measured, PYTHON, run } from './machine';
import type { BaselineResult } from './lcb-baseline';

const source = (problem: Problem, code: string) => {
  if (problem.functional) return lcbFunctionalProgram(code, problem.functional.fnName);
  return problem.checker.mode === 'lcb' ? lcbStdinProgram(code) : code;
};

function verdictOf(problem: Problem, exitCode: number | null, output: string, expected: string): string {
  if (exitCode !== 0) return 'RE';
  if (!problem.functional) return checkOutput(problem.checker, output, expected) ? 'AC' : 'WA';
  return functionalEqual(output, expected) ? 'AC' : 'WA';
}

/** Every test of one sample in `every` (a process per test is slow: fewer keep the run short). */
export async function spawnPhase(
  benchmark: Benchmark,
  samples: Sample[],
  workers: number,
  every: number,
  dir: string,
): Promise<Omit<BaselineResult, 'cpuMs'>> {
  const picked = samples.filter((_, i) => i % every === 0);
  const jobs = picked.flatMap((s, i) => {
    const problem = benchmark.problems.get(s.problemId)!;
    const path = join(dir, `prog${i}.py`);
    writeFileSync(path, source(problem, s.code));
    return problem.tests.map((t, index) => ({ key: `${s.id}#${index}`, problem, path, t }));
  });
  const verdicts = new Map<string, string>();
  const { ms, busy } = await measured(() =>
    eachConcurrently(jobs, workers, async ({ key, problem, path, t }) => {
      const { code, stdout } = await run(PYTHON, [path], t.input);
      verdicts.set(key, verdictOf(problem, code, stdout, t.output));
    }),
  );
  return { phase: { tests: jobs.length, ms, busy }, verdicts };
}
