// Builds the minilab benchmark file: generated inputs, expected outputs from the references.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Tier } from './generators';
import { generateTests } from './generate-tests';
import { listProblems, referencePath, type ProblemMeta } from './problems';
import { DEFAULT_PYTHON, mapLimit, runPython } from './run-python';

export interface BenchmarkTest {
  tier: Tier;
  input: string;
  output: string;
}

export interface BenchmarkProblem extends ProblemMeta {
  /** Outputs compare as whitespace-separated tokens. */
  checker: 'tokens';
  tests: BenchmarkTest[];
}

export interface Benchmark {
  name: 'minilab';
  seed: number;
  problems: BenchmarkProblem[];
}

export interface BuildOptions {
  seed: number;
  /** Written atomically (temp file, then rename). Omit to only return the benchmark. */
  outFile?: string;
  python?: string;
  /** Reference processes at once; the build machines have two cores. */
  concurrency?: number;
  /** Only these problems (tests need a few, and each test's expected output costs a Python run). */
  problemIds?: readonly string[];
}

export async function buildBenchmark(opts: BuildOptions): Promise<Benchmark> {
  const python = opts.python ?? DEFAULT_PYTHON;
  const problems = listProblems().filter((p) => !opts.problemIds || opts.problemIds.includes(p.id));
  const jobs = problems.flatMap((p) =>
    generateTests(p.id, opts.seed).map((t) => ({ problemId: p.id, tier: t.tier, input: t.input })),
  );
  const outputs = await mapLimit(jobs, opts.concurrency ?? 2, (j) =>
    runPython(python, referencePath(j.problemId), j.input),
  );
  const tests = new Map<string, BenchmarkTest[]>();
  jobs.forEach((j, i) => {
    const list = tests.get(j.problemId) ?? [];
    list.push({ tier: j.tier, input: j.input, output: outputs[i] as string });
    tests.set(j.problemId, list);
  });
  const benchmark: Benchmark = {
    name: 'minilab',
    seed: opts.seed,
    problems: problems.map((p) => ({
      id: p.id,
      title: p.title,
      difficulty: p.difficulty,
      statement: p.statement,
      time_limit_ms: p.time_limit_ms,
      memory_limit_mb: p.memory_limit_mb,
      release_date: p.release_date,
      checker: 'tokens',
      tests: tests.get(p.id) ?? [],
    })),
  };
  if (opts.outFile) writeAtomically(opts.outFile, JSON.stringify(benchmark));
  return benchmark;
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
