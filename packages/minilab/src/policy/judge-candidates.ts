// Runs every candidate once through the real judge (its own sandbox) against the minilab tests.
// The verdicts are the only source of the rewards: nothing here knows how a candidate behaves.
import { createJudge, type Benchmark as JudgeBenchmark, type Problem, type SampleResult } from '@frontier/judge';
import type { Benchmark } from '../build-benchmark';
import type { Candidate } from '../problems';

export function toJudgeBenchmark(benchmark: Benchmark): JudgeBenchmark {
  const problems = new Map<string, Problem>();
  for (const p of benchmark.problems) {
    problems.set(p.id, {
      id: p.id,
      title: p.title,
      difficulty: p.difficulty,
      limits: { timeS: p.time_limit_ms / 1000, memoryMib: p.memory_limit_mb },
      checker: { mode: 'tokens' },
      tests: p.tests.map((t) => ({ input: t.input, output: t.output, tier: t.tier })),
    });
  }
  return { name: `${benchmark.name}-seed-${benchmark.seed}`, format: 'frontier', problems };
}

export const candidateKey = (c: Pick<Candidate, 'problemId' | 'name'>): string => `${c.problemId}/${c.name}`;

export interface JudgeCandidatesOptions {
  workers?: number;
  log?: (message: string) => void;
}

/** One result per candidate, in input order. Stops at the first failing test (tier order). */
export async function judgeCandidates(
  benchmark: Benchmark,
  candidates: readonly Candidate[],
  opts: JudgeCandidatesOptions = {},
): Promise<SampleResult[]> {
  const judge = createJudge({ ...(opts.workers && { workers: opts.workers }), ...(opts.log && { log: opts.log }) });
  try {
    const samples = candidates.map((c) => ({
      id: candidateKey(c),
      problemId: c.problemId,
      language: 'python' as const,
      code: c.code,
    }));
    const results = await judge.judgeSamples(toJudgeBenchmark(benchmark), samples);
    // An internal error is the judge's fault, not the program's: refuse to train on it.
    const broken = results.filter((r) => r.verdict === 'IE');
    if (broken.length > 0) {
      throw new Error(
        `judge internal error on ${broken.map((r) => `${r.id} (${r.internalError ?? 'no detail'})`).join(', ')}; re-run training`,
      );
    }
    return results;
  } finally {
    await judge.close();
  }
}
