import { benjaminiHochberg } from './false-discovery';
import { rateHomogeneity, type HomogeneityMethod } from './rate-homogeneity';

// "Differs across alphas" as a test: for each problem, is its solve rate the same at every
// checkpoint shown (rateHomogeneity), with Benjamini-Hochberg q-values over the problems tested,
// so that filtering on q < 0.05 keeps the share of problems shown by chance alone at about 5%.

export interface RateDifference {
  p: number;
  /** NaN for a problem with fewer than two measured checkpoints (nothing to compare). */
  q: number;
  method: HomogeneityMethod;
}

/** Per problem, its solved and judged samples per checkpoint (n <= 0: not measured). */
export function rateDifferences(
  problems: readonly { solved: readonly number[]; n: readonly number[] }[],
): RateDifference[] {
  const tests = problems.map((p) => rateHomogeneity(p.solved, p.n));
  const q = benjaminiHochberg(tests.map((t) => t.p));
  return tests.map((t, i) => ({ p: t.p, q: q[i] as number, method: t.method }));
}
