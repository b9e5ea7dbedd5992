import type { AlphaPoint } from './alpha-points';

// Where the correctness/optimization frontier is drawn too coarsely: between two alphas that are
// neighbours on the line, the failure rates moved the most.

export interface FrontierGap {
  from: number;
  to: number;
  /** Euclidean distance between the two points in the (correctness, optimization) plane. */
  distance: number;
}

/** A point's failure rates: means over its problems with judged samples of the class fractions. */
export function failureRates(point: AlphaPoint): { correctness: number; optimization: number } {
  let correctness = 0;
  let optimization = 0;
  let problems = 0;
  for (let p = 0; p < point.n.length; p++) {
    const n = point.n[p]!;
    if (n <= 0) continue;
    correctness += point.correctness[p]! / n;
    optimization += point.optimization[p]! / n;
    problems++;
  }
  return { correctness: correctness / problems, optimization: optimization / problems };
}

/** Neighbouring evaluated alphas at least `minGap` apart, widest gap on the frontier first. */
export function frontierGaps(points: readonly AlphaPoint[], minGap: number): FrontierGap[] {
  const rates = points.map(failureRates);
  const gaps: FrontierGap[] = [];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    if (b.alpha - a.alpha < minGap - 1e-9) continue;
    const distance = Math.hypot(
      rates[i]!.correctness - rates[i - 1]!.correctness,
      rates[i]!.optimization - rates[i - 1]!.optimization,
    );
    gaps.push({ from: a.alpha, to: b.alpha, distance });
  }
  return gaps.sort((x, y) => y.distance - x.distance);
}
