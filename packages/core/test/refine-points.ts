// Helpers for the tests: refinement input drawn from a known pass@1 curve along alpha.
import { mulberry32 } from '../src/prng';
import type { AlphaPoint } from '../src/refine/alpha-points';

export interface SyntheticOptions {
  problems: number;
  samples: number;
  /** Seed of the draws; without one the counts are exact (rounded expectations). */
  seed?: number;
  /** Share of the failures that are optimization failures, along alpha (default 0.3). */
  optimizationShare?: (alpha: number) => number;
}

/** A downward parabola: pass@1 `top` at `peak`, falling by `curvature` per squared alpha unit. */
export const parabola =
  (peak: number, top = 0.6, curvature = 0.3) =>
  (alpha: number) =>
    top - curvature * (alpha - peak) ** 2;

/**
 * Points whose mean pass@1 over problems follows `curve`: problem p solves with probability
 * curve(alpha) + its own offset (spread evenly over +-0.15, so they cancel in the mean).
 */
export function syntheticPoints(
  curve: (alpha: number) => number,
  alphas: readonly number[],
  o: SyntheticOptions,
): AlphaPoint[] {
  const rng = o.seed === undefined ? undefined : mulberry32(o.seed);
  const share = o.optimizationShare ?? (() => 0.3);
  return alphas.map((alpha) => {
    const n = new Float64Array(o.problems).fill(o.samples);
    const solved = new Float64Array(o.problems);
    const correctness = new Float64Array(o.problems);
    const optimization = new Float64Array(o.problems);
    for (let p = 0; p < o.problems; p++) {
      const offset = o.problems > 1 ? -0.15 + (0.3 * p) / (o.problems - 1) : 0;
      const rate = Math.min(0.99, Math.max(0.01, curve(alpha) + offset));
      solved[p] = rng
        ? Array.from({ length: o.samples }, rng).filter((u) => u < rate).length
        : Math.round(rate * o.samples);
      optimization[p] = Math.round(share(alpha) * (o.samples - solved[p]!));
      correctness[p] = o.samples - solved[p]! - optimization[p]!;
    }
    return { alpha, n, solved, correctness, optimization };
  });
}
