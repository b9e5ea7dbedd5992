import type { Difficulty } from '@frontier/core';
import type { Rng } from './synthetic-prng';

// SYNTHETIC: a toy model shaped like the research finding, not data from any real model.

/** Verdicts a LiveCodeBench file can express (it has no MLE or OLE code). */
export type SyntheticVerdict = 'AC' | 'WA' | 'TLE' | 'RE' | 'CE' | 'IE';

export interface SyntheticProblem {
  id: string;
  title: string;
  difficulty: Difficulty;
  platform: string;
  contestDate: string;
  /** Latent difficulty: higher is harder. */
  latent: number;
  /** The alpha this problem likes best, so different alphas solve different problems. */
  sweetSpot: number;
  /** Per-problem lean towards optimisation failures. */
  optimizationBias: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export interface VerdictMix {
  solve: number;
  /** Share of failures that are optimisation failures (TLE). */
  optimization: number;
}

/**
 * Solve rate roughly flat in alpha with a mild bump inside [0, 1]; as alpha grows, failures shift
 * from optimisation (TLE) to correctness (WA/RE/CE).
 */
export function verdictMix(problem: SyntheticProblem, alpha: number): VerdictMix {
  const inside = Math.max(0, 1 - ((alpha - 0.5) / 0.75) ** 2);
  const solveLogit = 0.3 - 1.3 * problem.latent + 0.2 * inside - 0.15 * (alpha - problem.sweetSpot) ** 2;
  const optLogit = problem.optimizationBias + 0.5 * problem.latent - 1.8 * (alpha - 0.5);
  return { solve: sigmoid(solveLogit), optimization: sigmoid(optLogit) };
}

const RUNNER_FAULT_RATE = 0.002;

export function drawVerdict(rng: Rng, mix: VerdictMix): SyntheticVerdict {
  if (rng.next() < RUNNER_FAULT_RATE) return 'IE';
  if (rng.next() < mix.solve) return 'AC';
  if (rng.next() < mix.optimization) return 'TLE';
  const u = rng.next();
  return u < 0.72 ? 'WA' : u < 0.94 ? 'RE' : 'CE';
}

const DIFFICULTY_CENTRE: Record<Difficulty, number> = { easy: -1.6, medium: 0, hard: 1.7 };
const PLATFORMS = ['leetcode', 'atcoder', 'codeforces'] as const;
const TITLE_A = ['Minimum', 'Maximum', 'Count', 'Longest', 'Shortest', 'Balanced', 'Distinct', 'Special', 'Beautiful', 'Lexicographically Smallest', 'K-th', 'Good'] as const;
const TITLE_B = ['Subarray', 'Path', 'Substring', 'Partition', 'Tree Queries', 'Grid Walk', 'Array Operations', 'Pairs', 'Permutation', 'Segments', 'Jumps', 'Coins'] as const;
const TITLE_C = ['', ' Sum', ' With Limit', ' After Swaps', ' II', ' in a Circle', ' Under Constraints', ' Cost'] as const;

export function makeProblems(rng: Rng, count: number): SyntheticProblem[] {
  const problems: SyntheticProblem[] = [];
  const start = Date.UTC(2023, 4, 1);
  const spanDays = 640;
  for (let i = 0; i < count; i++) {
    const u = rng.next();
    const difficulty: Difficulty = u < 0.3 ? 'easy' : u < 0.7 ? 'medium' : 'hard';
    const platform = rng.pick(PLATFORMS);
    const n = String(i).padStart(4, '0');
    const id = platform === 'leetcode' ? `syn${3000 + i}` : platform === 'atcoder' ? `synabc${n}_${'abcdefg'[rng.int(7)]}` : `syn${1900 + i}${'ABCDEF'[rng.int(6)]}`;
    const date = new Date(start + rng.int(spanDays) * 86_400_000).toISOString().slice(0, 10);
    problems.push({
      id,
      title: `${rng.pick(TITLE_A)} ${rng.pick(TITLE_B)}${rng.pick(TITLE_C)}`,
      difficulty,
      platform,
      contestDate: `${date}T00:00:00`,
      latent: DIFFICULTY_CENTRE[difficulty] + 0.7 * rng.normal(),
      sweetSpot: 0.5 + 0.6 * rng.normal(),
      optimizationBias: -0.3 + 0.8 * rng.normal(),
    });
  }
  return problems;
}
