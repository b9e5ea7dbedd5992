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
 * How the solve rate moves along alpha (the refinement benchmark's test cases):
 * - 'inside': roughly flat with a mild bump inside [0, 1], per-problem sweet spots around 0.5;
 * - 'beyond': the same curve moved 1.3 to the right, so mean pass@k peaks past alpha = 1;
 * - 'flat': independent of alpha;
 * - 'cliff': rises gently, then collapses past CLIFF_ALPHA (the merged weights stop being a model).
 * In every shape, as alpha grows failures shift from optimisation (TLE) to correctness (WA/RE/CE).
 */
export type SweepShape = 'inside' | 'beyond' | 'flat' | 'cliff';
export const SWEEP_SHAPES: readonly SweepShape[] = ['inside', 'beyond', 'flat', 'cliff'];
const BEYOND_SHIFT = 1.3;
export const CLIFF_ALPHA = 1.6;

function solveLogit(problem: SyntheticProblem, alpha: number, shape: SweepShape): number {
  const base = 0.3 - 1.3 * problem.latent;
  if (shape === 'flat') return base;
  if (shape === 'cliff') return base + 0.4 * alpha - (alpha > CLIFF_ALPHA ? 8 : 0);
  const a = shape === 'beyond' ? alpha - BEYOND_SHIFT : alpha;
  const inside = Math.max(0, 1 - ((a - 0.5) / 0.75) ** 2);
  return base + 0.2 * inside - 0.15 * (a - problem.sweetSpot) ** 2;
}

export function verdictMix(problem: SyntheticProblem, alpha: number, shape: SweepShape = 'inside'): VerdictMix {
  const optLogit = problem.optimizationBias + 0.5 * problem.latent - 1.8 * (alpha - 0.5);
  return { solve: sigmoid(solveLogit(problem, alpha, shape)), optimization: sigmoid(optLogit) };
}

/**
 * The true mean pass@k at `alpha`: `solve` is the chance that a judged sample passes (a runner
 * fault, IE, is not judged and not counted), so a problem is solved within k samples with
 * probability 1 - (1 - solve)^k.
 */
export function truePassAtK(
  problems: readonly SyntheticProblem[],
  alpha: number,
  k: number,
  shape: SweepShape = 'inside',
): number {
  let sum = 0;
  for (const p of problems) sum += 1 - (1 - verdictMix(p, alpha, shape).solve) ** k;
  return sum / problems.length;
}

export interface TrueBestAlpha {
  /** The first alpha of largest true pass@k on the 0.01 grid. */
  alpha: number;
  passAtK: number;
  /**
   * Every alpha that counts as best: the argmax, or for 'flat' every alpha within 1e-4 of the
   * maximum (there the best alpha is wherever one looks).
   */
  best: number[];
}

/** The true best alpha on a 0.01 grid over [lo, hi] (both included). */
export function trueBestAlpha(
  problems: readonly SyntheticProblem[],
  k: number,
  shape: SweepShape,
  [lo, hi]: readonly [number, number],
): TrueBestAlpha {
  const alphas: number[] = [];
  for (let i = Math.ceil(lo * 100 - 1e-9); i <= Math.floor(hi * 100 + 1e-9); i++) alphas.push(i / 100);
  const values = alphas.map((a) => truePassAtK(problems, a, k, shape));
  const max = Math.max(...values);
  const tolerance = shape === 'flat' ? 1e-4 : 0;
  const at = values.indexOf(max);
  return { alpha: alphas[at]!, passAtK: max, best: alphas.filter((_, i) => values[i]! >= max - tolerance) };
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
const TITLE_A = [
  'Minimum',
  'Maximum',
  'Count',
  'Longest',
  'Shortest',
  'Balanced',
  'Distinct',
  'Special',
  'Beautiful',
  'Lexicographically Smallest',
  'K-th',
  'Good',
] as const;
const TITLE_B = [
  'Subarray',
  'Path',
  'Substring',
  'Partition',
  'Tree Queries',
  'Grid Walk',
  'Array Operations',
  'Pairs',
  'Permutation',
  'Segments',
  'Jumps',
  'Coins',
] as const;
const TITLE_C = [
  '',
  ' Sum',
  ' With Limit',
  ' After Swaps',
  ' II',
  ' in a Circle',
  ' Under Constraints',
  ' Cost',
] as const;

export function makeProblems(rng: Rng, count: number): SyntheticProblem[] {
  const problems: SyntheticProblem[] = [];
  const start = Date.UTC(2023, 4, 1);
  const spanDays = 640;
  for (let i = 0; i < count; i++) {
    const u = rng.next();
    const difficulty: Difficulty = u < 0.3 ? 'easy' : u < 0.7 ? 'medium' : 'hard';
    const platform = rng.pick(PLATFORMS);
    const n = String(i).padStart(4, '0');
    const id =
      platform === 'leetcode'
        ? `syn${3000 + i}`
        : platform === 'atcoder'
          ? `synabc${n}_${'abcdefg'[rng.int(7)]}`
          : `syn${1900 + i}${'ABCDEF'[rng.int(6)]}`;
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
