import { passAtK } from '../pass-at-k';
import { mulberry32, randomIndex } from '../prng';
import { quantileSorted } from '../quantile';
import type { AlphaPoint } from './alpha-points';
import { ALPHA_STEP, alphaGrid, roundAlpha } from './alpha-grid';
import { liveWindow } from './collapse';
import { REFINE_DEFAULTS } from './defaults';
import { openEnd, openEndText, type OpenEnd, type PeakWindow } from './open-ends';
import { fitSurrogate, type Surrogate } from './surrogate';

export { ALPHA_STEP, alphaGrid, roundAlpha };

// Where along alpha pass@k peaks, and how sure that is. The surrogate is fitted to the mean
// pass@k over problems at each live evaluated alpha (collapse.ts: not past a collapse). The
// interval has two sources of doubt, drawn together in each replicate: the evaluations' own noise,
// by a paired bootstrap over problems as everywhere else in the product (resample problem ids
// once, recompute every alpha's mean, re-smooth with the same surrogate), and what is not known
// between evaluated alphas (a draw of the curve between them given the points; three points far
// apart say little about where between them the peak is). The argmax of each replicate gives the
// interval. The peak is only looked for from the lowest to the highest live evaluated alpha,
// within the range; an interval that reaches an edge of that window is marked open on that side
// (open-ends.ts) instead of being stretched to alphas nobody evaluated.

export interface BestAlpha {
  alpha: number;
  /** 95% bootstrap interval of the argmax. */
  lo: number;
  hi: number;
  /** The surrogate's pass@k at `alpha`, with the 95% interval of the replicates' maxima. */
  passAtK: number;
  passLo: number;
  passHi: number;
  /** Set on a side where the peak may lie past the interval's end (beyond the alphas evaluated, or the range). */
  below?: OpenEnd;
  above?: OpenEnd;
  /** The open sides in words, for people: the panel, the CLI and the refine job's log say it as is. */
  beyond?: string;
}

export interface CurvePoint {
  alpha: number;
  mean: number;
  /** 95% band of the latent curve (the surrogate's own uncertainty). */
  lo: number;
  hi: number;
}

export interface PassCurve {
  /** Evaluated alphas, ascending, with the mean pass@k over the problems used. */
  xs: number[];
  ys: number[];
  /** Variance of each mean from the finite samples per problem (what the surrogate smooths over). */
  noise: number[];
  /** Problems with at least k judged samples at every evaluated alpha: the ones every mean uses. */
  problems: number;
  /** The live part of the line (collapse.ts): open interval between the first collapsed alphas. */
  window: [number, number];
  /** The evaluated alphas inside the window, their means and noise: what the surrogate is fitted to. */
  live: number[];
  liveYs: number[];
  liveNoise: number[];
  /** Per problem, pass@k at each live alpha (problem-major: [problem * live.length + i]). */
  perProblem: Float64Array;
  surrogate: Surrogate | null;
}

/** Below this a mean's noise is not trusted (and the surrogate stays well conditioned). */
const NOISE_FLOOR = 4e-6;

/**
 * Variance of one problem's unbiased pass@k from n samples with c solved, by the delta method on
 * 1 - (1 - p)^k with p shrunk towards 1/2 (so an all-solved or none-solved problem is not certain).
 */
function passVariance(n: number, c: number, k: number): number {
  const p = (c + 0.5) / (n + 1);
  const slope = k * (1 - p) ** (k - 1);
  return (slope * slope * p * (1 - p)) / n;
}

/** The mean pass@k curve over the problems every evaluated alpha has at least k samples of. */
export function passCurve(points: readonly AlphaPoint[], k: number): PassCurve {
  const m = points.length;
  const problems = points[0]?.n.length ?? 0;
  const used: number[] = [];
  for (let p = 0; p < problems; p++) if (points.every((pt) => pt.n[p]! >= k)) used.push(p);
  const all = new Float64Array(used.length * m);
  const xs = points.map((pt) => pt.alpha);
  const ys = new Array<number>(m).fill(0);
  const noise = new Array<number>(m).fill(0);
  used.forEach((p, u) => {
    points.forEach((pt, i) => {
      const v = passAtK(pt.n[p]!, pt.solved[p]!, k);
      all[u * m + i] = v;
      ys[i]! += v / used.length;
      noise[i]! += passVariance(pt.n[p]!, pt.solved[p]!, k) / used.length ** 2;
    });
  });
  const floored = noise.map((v) => Math.max(NOISE_FLOOR, v));
  const window = used.length > 0 ? liveWindow(xs, ys) : ([-Infinity, Infinity] as [number, number]);
  const inside = xs.map((_, i) => i).filter((i) => xs[i]! > window[0] && xs[i]! < window[1]);
  const pick = (v: readonly number[]) => inside.map((i) => v[i]!);
  const perProblem = new Float64Array(used.length * inside.length);
  used.forEach((_, u) => inside.forEach((i, j) => (perProblem[u * inside.length + j] = all[u * m + i]!)));
  const [live, liveYs, liveNoise] = [pick(xs), pick(ys), pick(floored)];
  const surrogate = used.length > 0 && live.length > 0 ? fitSurrogate(live, liveYs, liveNoise) : null;
  return { xs, ys, noise: floored, problems: used.length, window, live, liveYs, liveNoise, perProblem, surrogate };
}

export interface BestAlphaOptions {
  replicates?: number;
  seed?: number;
  /** Where alphas may be evaluated: the peak is looked for inside it only (default: anywhere). */
  range?: readonly [number, number];
}

/** A grid from lo to hi, or lo alone when no grid point falls between them. */
const gridOf = (lo: number, hi: number, step?: number) => {
  const grid = alphaGrid(lo, hi, step);
  return grid.length > 0 ? grid : [lo];
};

/**
 * The best alpha from the lowest to the highest live evaluated alpha, within the range, with its
 * bootstrap interval; null without a curve or when no live evaluated alpha span meets the range.
 */
export function bestAlpha(
  curve: PassCurve,
  {
    replicates = REFINE_DEFAULTS.replicates,
    seed = REFINE_DEFAULTS.seed,
    range = [-Infinity, Infinity],
  }: BestAlphaOptions = {},
): BestAlpha | null {
  const { live, liveYs, surrogate, perProblem, problems, window } = curve;
  if (!surrogate || live.length === 0) return null;
  const [liveLo, liveHi] = [live[0]!, live.at(-1)!];
  const [from, to] = [Math.max(liveLo, range[0]), Math.min(liveHi, range[1])];
  if (from > to) return null;
  const fine = gridOf(from, to);
  const top = peakOf(fine.map((a) => surrogate.predict(a).mean));
  // The replicates look on a grid of at most ~200 alphas: the interpolation draws cost its square.
  const grid = gridOf(from, to, Math.max(ALPHA_STEP, roundAlpha((to - from) / 200)));
  const rows = surrogate.smoother(grid);
  const factor = live.length > 1 ? surrogate.interpolationFactor(grid) : null;
  const g = grid.length;
  const m = live.length;
  const rng = mulberry32(seed);
  const firsts = new Float64Array(replicates);
  const lasts = new Float64Array(replicates);
  const maxima = new Float64Array(replicates);
  const drawn = new Uint32Array(problems);
  const ys = new Float64Array(m);
  const z = new Float64Array(g);
  const values = new Array<number>(g);
  for (let r = 0; r < replicates; r++) {
    drawn.fill(0);
    for (let j = 0; j < problems; j++) drawn[randomIndex(rng, problems)]!++;
    ys.fill(0);
    for (let p = 0; p < problems; p++) {
      const w = drawn[p]!;
      if (w) for (let i = 0; i < m; i++) ys[i]! += (perProblem[p * m + i]! * w) / problems;
    }
    let mean = 0;
    for (let i = 0; i < m; i++) mean += ys[i]! / m;
    if (factor) for (let i = 0; i < g; i++) z[i] = normal(rng);
    rows.forEach((row, i) => {
      let v = mean;
      for (let j = 0; j < m; j++) v += row[j]! * (ys[j]! - mean);
      if (factor) for (let j = 0; j <= i; j++) v += factor[i * g + j]! * z[j]!;
      values[i] = v;
    });
    const peak = peakOf(values);
    [firsts[r], lasts[r], maxima[r]] = [grid[peak.first]!, grid[peak.last]!, peak.value];
  }
  firsts.sort();
  lasts.sort();
  maxima.sort();
  const lo = quantileSorted(firsts, 0.025);
  const hi = quantileSorted(lasts, 0.975);
  // An interval that reaches an edge of the window may go on past it: nothing looked there says
  // otherwise. The same when the best evaluated alpha is the outermost live one, even if the
  // smooth curve bends down before it.
  const seen = live.filter((a) => a >= from && a <= to);
  const bestSeen = seen[argmax(seen.map((a) => liveYs[live.indexOf(a)]!))];
  const w: PeakWindow = { from, to, liveLo, liveHi, collapse: window, range };
  const below = lo <= grid[0]! + 1e-9 || (bestSeen === liveLo && from === liveLo) ? openEnd('below', w) : undefined;
  const above = hi >= grid.at(-1)! - 1e-9 || (bestSeen === liveHi && to === liveHi) ? openEnd('above', w) : undefined;
  const words = [below && openEndText('below', below, w), above && openEndText('above', above, w)].filter(Boolean);
  return {
    alpha: fine[Math.round((top.first + top.last) / 2)]!,
    lo: below ? from : lo,
    hi: above ? to : hi,
    passAtK: top.value,
    passLo: quantileSorted(maxima, 0.025),
    passHi: quantileSorted(maxima, 0.975),
    ...(below && { below }),
    ...(above && { above }),
    ...(words.length > 0 && { beyond: words.join('; ') }),
  };
}

/** A standard normal draw (Box-Muller; one of the pair is enough here). */
function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/**
 * The maximum of a curve and the span of grid points that reach it (within rounding): on a flat
 * curve every alpha is a best one, and the interval must say so rather than pick the first.
 */
function peakOf(values: readonly number[]): { first: number; last: number; value: number } {
  const at = argmax(values);
  const value = values[at]!;
  const tie = 1e-9 * Math.max(1, Math.abs(value));
  let first = values.length;
  let last = -1;
  values.forEach((v, i) => {
    if (v < value - tie) return;
    first = Math.min(first, i);
    last = i;
  });
  return { first, last, value };
}

/**
 * The surrogate every `step` over the window it was fitted on, from the lowest to the highest live
 * evaluated alpha (both included), for plotting: past them, and over collapsed alphas above all,
 * it says nothing worth drawing.
 */
export function curvePoints(curve: PassCurve, step = 0.05): CurvePoint[] {
  const s = curve.surrogate;
  if (!s || curve.live.length === 0) return [];
  const [lo, hi] = [curve.live[0]!, curve.live.at(-1)!];
  const inner = alphaGrid(lo, hi, step).filter((a) => a > lo && a < hi);
  return [...new Set([lo, ...inner, hi])].map((alpha) => {
    const { mean, sd } = s.predict(alpha);
    return { alpha, mean, lo: mean - 1.96 * sd, hi: mean + 1.96 * sd };
  });
}

export function argmax(values: readonly number[]): number {
  let at = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[at]!) at = i;
  return at;
}
