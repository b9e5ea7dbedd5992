// A workload: problems of a few kinds written as a benchmark file (LiveCodeBench's
// code_generation_lite records, or our own format), loaded back with loadBenchmark as
// `frontier judge` loads it, and the samples to judge against it, round by round.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBenchmark, type Benchmark, type Sample } from '../../src/index';

/** An integer in [0, n), from a seeded generator (mulberry32): the same workload every run. */
export type Rand = (n: number) => number;

export function seeded(seed: number): Rand {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/** A size between lo and hi, log-uniform: mostly small inputs, some medium ones, as in LCB. */
export const size = (rand: Rand, lo: number, hi: number): number => Math.round(lo * (hi / lo) ** (rand(1001) / 1000));

/** Lines of text, each ended by a newline. */
export const lines = (...ls: (string | number)[]): string => `${ls.join('\n')}\n`;

/** JSON as Python's json.dumps writes it (", " and ": "), as LiveCodeBench's test files hold it. */
export const pyJson = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
};

export const ints = (rand: Rand, n: number, lo: number, hi: number): number[] =>
  Array.from({ length: n }, () => lo + rand(hi - lo + 1));

/** One kind of problem: a correct program, a wrong one (WA on some tests, or RE), a test maker. */
export interface Kind {
  title: string;
  /** The method of `class Solution` to call: a functional (LeetCode-style) problem. */
  fnName?: string;
  code: string;
  /** Absent: every sample is correct. */
  wrong?: string;
  test(rand: Rand): { input: string; output: string };
}

export interface WorkloadSpec {
  key: string;
  title: string;
  /** `lcb`: code_generation_lite records (the judge adds the prelude); `frontier`: ours, no prelude. */
  format: 'lcb' | 'frontier';
  kinds: Kind[];
  seed: number;
}

export interface Shape {
  problems: number;
  samples: number;
  tests: number;
}

export interface Workload {
  spec: WorkloadSpec;
  shape: Shape;
  benchmark: Benchmark;
  /** Distinct sources every round (a comment) so that no dedupe or cache hides work. */
  samples(round: number): Sample[];
}

export async function buildWorkload(spec: WorkloadSpec, shape: Shape, dir: string): Promise<Workload> {
  const rand = seeded(spec.seed);
  const problems = Array.from({ length: shape.problems }, (_, p) => {
    const kind = spec.kinds[p % spec.kinds.length]!;
    return { id: `${spec.key}${p}`, kind, tests: Array.from({ length: shape.tests }, () => kind.test(rand)) };
  });
  const testtype = (k: Kind) => (k.fnName ? 'functional' : 'stdin');
  const doc =
    spec.format === 'frontier'
      ? {
          name: `bench-${spec.key}`,
          problems: problems.map((p) => ({ id: p.id, title: p.kind.title, tests: p.tests })),
        }
      : problems.map((p, i) => ({
          question_title: p.kind.title,
          question_content: '',
          platform: p.kind.fnName ? 'leetcode' : 'atcoder',
          question_id: p.id,
          contest_id: 'bench',
          contest_date: '2025-01-01T00:00:00',
          starter_code: '',
          difficulty: ['easy', 'medium', 'hard'][i % 3],
          public_test_cases: JSON.stringify(p.tests.slice(0, 2).map((t) => ({ ...t, testtype: testtype(p.kind) }))),
          private_test_cases: JSON.stringify(p.tests.slice(2).map((t) => ({ ...t, testtype: testtype(p.kind) }))),
          metadata: JSON.stringify(p.kind.fnName ? { func_name: p.kind.fnName } : {}),
        }));
  const path = join(dir, `workload-${spec.key}.json`);
  writeFileSync(path, JSON.stringify(doc));
  const benchmark = await loadBenchmark(path);
  // One wrong sample per problem (1 in `samples`), at a different position in each problem.
  const codes = problems.flatMap((p, pi) =>
    Array.from({ length: shape.samples }, (_, s) => ({
      problemId: p.id,
      s,
      code: s === (pi * 3) % shape.samples ? (p.kind.wrong ?? p.kind.code) : p.kind.code,
    })),
  );
  return {
    spec,
    shape,
    benchmark,
    samples: (round) =>
      codes.map(({ problemId, s, code }) => ({
        id: `${problemId}-s${s}`,
        problemId,
        language: 'python',
        code: `# round ${round} problem ${problemId} sample ${s}\n${code}\n`,
      })),
  };
}
