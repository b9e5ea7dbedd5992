import type { AlphaPoint } from './alpha-points';
import { alphaGrid, argmax, bestAlpha, curvePoints, passCurve, roundAlpha, type BestAlpha, type CurvePoint, type PassCurve } from './best-alpha';
import { collapseProbes } from './collapse';
import { frontierGaps } from './frontier-gap';
import { fitSurrogate, type Surrogate } from './surrogate';

// The refinement policy: from a study's evaluated alphas (one setting and scale), the next alphas
// worth evaluating, each with its reason, best first:
//   1. "best": the alpha of largest expected improvement of pass@k over the current best, on the
//      surrogate (it explores where the curve is unknown and exploits near the peak);
//   2. "collapse": one step towards where extrapolation collapses (a probe further out, or the
//      middle of the bracket that holds the edge);
//   3. "frontier": the middle of the widest gap on the correctness/optimization frontier;
//   then more "best" ones, each chosen as if the ones before had come back exactly as predicted
//   (the kriging believer), so a batch spreads out instead of piling up on one alpha.
// Pure and deterministic: the same data and options give the same suggestions.

export type SuggestionKind = 'start' | 'best' | 'collapse' | 'frontier';

export interface Suggestion {
  alpha: number;
  kind: SuggestionKind;
  reason: string;
}

export interface SuggestOptions {
  /** pass@k to maximise. */
  k: number;
  /** How many alphas to propose. */
  count: number;
  /** Where alphas may be proposed, both ends included. */
  range: readonly [number, number];
  /** Alphas queued or running already: never proposed again. */
  exclude?: readonly number[];
  /** No proposal closer than this to an evaluated, excluded or proposed alpha (default 0.05). */
  minSpacing?: number;
  replicates?: number;
  seed?: number;
}

export interface Refinement {
  k: number;
  range: [number, number];
  /** Evaluated alphas the estimate uses, ascending. */
  evaluated: number[];
  /** Problems with at least k judged samples at every evaluated alpha. */
  problems: number;
  best: BestAlpha | null;
  suggestions: Suggestion[];
  /** The surrogate over the range, for drawing. */
  curve: CurvePoint[];
  /** Why there is no estimate yet, when there is none. */
  note?: string;
}

const fmt = (x: number) => x.toFixed(3);
/** A gap on the frontier worth filling: the failure rates move by at least a point between its ends. */
const MIN_FRONTIER_MOVE = 0.01;
const alphaText = (a: number) => `α=${roundAlpha(a)}`;
const normalPdf = (z: number) => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 on erf; error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

function expectedImprovement(mean: number, sd: number, incumbent: number): number {
  if (sd <= 0) return Math.max(0, mean - incumbent);
  const z = (mean - incumbent) / sd;
  return (mean - incumbent) * normalCdf(z) + sd * normalPdf(z);
}

export function checkSuggestOptions(o: SuggestOptions): string | undefined {
  if (!Number.isSafeInteger(o.k) || o.k < 1) return `k must be a whole number of at least 1 (got ${o.k})`;
  if (!Number.isSafeInteger(o.count) || o.count < 1 || o.count > 20) return `count must be a whole number from 1 to 20 (got ${o.count})`;
  const [lo, hi] = o.range;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi)) return `the range must be two numbers, low below high (got ${lo}, ${hi})`;
  if (o.minSpacing !== undefined && !(o.minSpacing > 0 && o.minSpacing < hi - lo)) return `minSpacing must be positive and smaller than the range (got ${o.minSpacing})`;
  return undefined;
}

/** The next alphas to evaluate and the current estimate of the best one. Throws a RangeError for invalid options. */
export function suggestAlphas(points: readonly AlphaPoint[], options: SuggestOptions): Refinement {
  const problem = checkSuggestOptions(options);
  if (problem) throw new RangeError(problem);
  const { k, count, minSpacing = 0.05 } = options;
  const [lo, hi] = options.range;
  const taken: number[] = [...points.map((p) => p.alpha), ...(options.exclude ?? [])];
  const free = (a: number) => a >= lo && a <= hi && taken.every((t) => Math.abs(t - a) >= minSpacing - 1e-9);
  const suggestions: Suggestion[] = [];
  const propose = (alpha: number, kind: SuggestionKind, reason: string) => {
    const a = roundAlpha(alpha);
    if (suggestions.length >= count || !free(a)) return false;
    suggestions.push({ alpha: a, kind, reason });
    taken.push(a);
    return true;
  };

  const curve = passCurve(points, k);
  const base = { k, range: [lo, hi] as [number, number], evaluated: curve.xs, problems: curve.problems };
  if (points.length < 2 || curve.problems === 0 || !curve.surrogate) {
    // Not a curve yet: the trained endpoints first, then the middle and the ends of the range.
    for (const a of [0, 1, (lo + hi) / 2, hi, lo]) propose(a, 'start', a === 0 || a === 1 ? `the ${a === 0 ? 'low' : 'high'}-coverage endpoint: every estimate starts from the trained endpoints` : `spreads the first evaluations over the range [${lo}, ${hi}]`);
    const note = curve.problems === 0 && points.length > 0 ? `no problem has at least ${k} judged samples at every evaluated alpha` : `pass@${k} along alpha needs at least two evaluated alphas`;
    return { ...base, best: null, suggestions, curve: [], note };
  }

  const best = bestAlpha(curve, { replicates: options.replicates, seed: options.seed, range: [lo, hi] });
  // Expected improvement only where the line is still alive: past a collapse the curve is known to be low.
  const grid = alphaGrid(lo, hi).filter((a) => a > curve.window[0] && a < curve.window[1]);
  const byEi = bestByImprovement(curve, grid, best);
  const proposeBest = (alpha: number | undefined, gain: number) =>
    alpha !== undefined &&
    propose(alpha, 'best', `may raise pass@${k}: expected gain ${fmt(gain)} over the best so far (${fmt(best?.passAtK ?? 0)} at ${alphaText(best?.alpha ?? 0)})`);

  // The surrogate is smooth; a peak that is not (the best alpha right before a collapse) is found
  // by narrowing the bracket around the best evaluated alpha, as a line search would. When the
  // best evaluated alpha is the last one before a collapse, that comes first.
  const bracket = peakBracket(curve, 2 * minSpacing);
  const proposeBracket = () =>
    bracket && propose(bracket.alpha, 'best', `narrows the bracket around the best evaluated alpha (${alphaText(bracket.best)}, pass@${k} ${fmt(bracket.value)}) towards ${alphaText(bracket.towards)}`);
  if (bracket?.atCollapse) proposeBracket();
  const first = byEi.next(free);
  proposeBest(first?.alpha, first?.gain ?? 0);
  proposeBracket();

  for (const probe of collapseProbes(curve.xs, curve.ys, lo, hi, 2 * minSpacing)) {
    const reason =
      probe.kind === 'probe'
        ? `probes extrapolation further out: no collapse ${probe.side === 'above' ? 'up' : 'down'} to ${alphaText(probe.from)} (pass@${k} ${fmt(probe.value)})`
        : `brackets where extrapolation collapses: pass@${k} ${fmt(probe.fromValue)} at ${alphaText(probe.from)}, ${fmt(probe.toValue)} at ${alphaText(probe.to)}`;
    if (propose(probe.alpha, 'collapse', reason)) break;
  }

  for (const gap of frontierGaps(points, 2 * minSpacing).filter((g) => g.distance >= MIN_FRONTIER_MOVE)) {
    if (propose((gap.from + gap.to) / 2, 'frontier', `fills the widest gap on the frontier: failure rates move by ${fmt(gap.distance)} between ${alphaText(gap.from)} and ${alphaText(gap.to)}`)) break;
  }

  while (suggestions.length < count) {
    for (const s of suggestions) byEi.believe(s.alpha);
    const next = byEi.next(free);
    if (!next || !proposeBest(next.alpha, next.gain)) break;
  }
  return { ...base, best, suggestions, curve: curvePoints(curve, lo, hi) };
}

/**
 * The middle between the best evaluated alpha and its better neighbour, while they are further
 * apart than `resolution`; towards the collapsed neighbour when the best is the last live alpha.
 */
function peakBracket(curve: PassCurve, resolution: number) {
  const { xs, ys, window } = curve;
  const b = argmax(ys);
  const sides = [b - 1, b + 1].filter((i) => i >= 0 && i < xs.length && Math.abs(xs[i]! - xs[b]!) > resolution + 1e-9);
  if (sides.length === 0) return undefined;
  const edge = sides.find((i) => xs[i] === window[0] || xs[i] === window[1]);
  const n = edge ?? sides.reduce((x, y) => (ys[y]! > ys[x]! ? y : x));
  return { best: xs[b]!, value: ys[b]!, towards: xs[n]!, alpha: (xs[b]! + xs[n]!) / 2, atCollapse: edge !== undefined };
}

/**
 * Expected improvement over the grid, with believed points added as they are chosen: a believed
 * point joins the surrogate with its predicted value, which shrinks the uncertainty around it.
 */
function bestByImprovement(curve: PassCurve, grid: readonly number[], best: BestAlpha | null) {
  const xs = [...curve.xs];
  const ys = [...curve.fitted];
  const noise = [...curve.noise];
  const hyper = curve.surrogate!.hyper;
  let surrogate: Surrogate | null = curve.surrogate;
  const incumbent = best?.passAtK ?? Math.max(...ys);
  return {
    next(free: (a: number) => boolean): { alpha: number; gain: number } | undefined {
      if (!surrogate) return undefined;
      const candidates = grid.filter(free);
      if (candidates.length === 0) return undefined;
      const gains = candidates.map((a) => {
        const { mean, sd } = surrogate!.predict(a);
        return expectedImprovement(mean, sd, incumbent);
      });
      const at = argmax(gains);
      return { alpha: candidates[at]!, gain: gains[at]! };
    },
    believe(alpha: number | undefined) {
      if (alpha === undefined || !surrogate || xs.includes(alpha)) return;
      xs.push(alpha);
      ys.push(surrogate.predict(alpha).mean);
      noise.push(Math.min(...noise));
      surrogate = fitSurrogate(xs, ys, noise, hyper);
    },
  };
}
