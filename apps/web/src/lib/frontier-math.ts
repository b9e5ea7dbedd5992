// TODO(@frontier/core): packages/core has no index.ts yet, so its exports cannot be imported.
// Switch to `checkpointRates` (checkpoint-rates.ts) and `frontierSegments` / `isInterpolated`
// (frontier.ts) from '@frontier/core' as soon as it exports them, and delete this file.

/** One checkpoint on one problem: judged samples, solved, and failures per class. */
export interface ProblemCounts {
  n: number;
  solved: number;
  correctness: number;
  optimization: number;
}

export interface Rates {
  solveRate: number;
  correctnessRate: number;
  optimizationRate: number;
  problems: number;
}

/** Means over problems of the per-problem fractions; problems with n = 0 carry no evidence. */
export function checkpointRates(problems: readonly ProblemCounts[]): Rates {
  let solve = 0;
  let correctness = 0;
  let optimization = 0;
  let used = 0;
  for (const p of problems) {
    if (p.n === 0) continue;
    solve += p.solved / p.n;
    correctness += p.correctness / p.n;
    optimization += p.optimization / p.n;
    used++;
  }
  return { solveRate: solve / used, correctnessRate: correctness / used, optimizationRate: optimization / used, problems: used };
}

export interface EndpointAlphas {
  lo: number;
  hi: number;
}

export function isInterpolated(alpha: number, { lo, hi }: EndpointAlphas): boolean {
  return alpha >= Math.min(lo, hi) && alpha <= Math.max(lo, hi);
}

export type SegmentKind = 'interpolation' | 'extrapolation';

/** Consecutive segments in alpha order; interpolation when both ends lie between the endpoints. */
export function frontierSegments<P extends { alpha: number }>(
  points: readonly P[],
  endpoints: EndpointAlphas,
): { from: P; to: P; kind: SegmentKind }[] {
  const sorted = [...points].sort((a, b) => a.alpha - b.alpha);
  return sorted.slice(1).map((to, i) => {
    const from = sorted[i] as P;
    const inside = isInterpolated(from.alpha, endpoints) && isInterpolated(to.alpha, endpoints);
    return { from, to, kind: inside ? 'interpolation' : 'extrapolation' };
  });
}
