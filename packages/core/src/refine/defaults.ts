import { ALPHA_RANGE } from '../alpha-list';

// What refinement assumes when it is not told: one definition for the web panel, `frontier
// suggest`, `frontier refine` and the worker's refine step, so the same data gives the same
// proposals and the same best alpha wherever they are asked for.

export const REFINE_DEFAULTS = {
  /** pass@k to maximise. */
  k: 1,
  /** Alphas proposed (per round). */
  count: 3,
  /** The bootstrap's seed: the policy is deterministic, so a shared link shows the same numbers on every visit. */
  seed: 1,
  /** Bootstrap replicates of the best alpha's interval. */
  replicates: 300,
} as const;

/** How far past the evaluated alphas and the trained endpoints the default range reaches on each side. */
export const RANGE_MARGIN = 0.5;

/**
 * Where proposals may go unless a range is given: the smallest interval holding every evaluated
 * alpha and both trained endpoints (0 and 1), widened by RANGE_MARGIN on each side, within
 * ALPHA_RANGE. It holds every evaluated alpha (so the best one is inside it) and leaves room for
 * one probe of extrapolation past the outermost; with nothing evaluated it is [-0.5, 1.5].
 */
export function defaultRange(evaluated: readonly number[]): [number, number] {
  const [min, max] = ALPHA_RANGE;
  const lo = Math.max(min, Math.min(0, ...evaluated) - RANGE_MARGIN);
  const hi = Math.min(max, Math.max(1, ...evaluated) + RANGE_MARGIN);
  // Rounded: -0.7 - 0.5 is -1.2000000000000002 in binary, and the range is shown and linked.
  return [Number(lo.toFixed(6)) + 0, Number(hi.toFixed(6)) + 0];
}
