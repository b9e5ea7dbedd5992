import type { AlphaPoint } from './alpha-points';
import {
  alphaGrid,
  argmax,
  bestAlpha,
  curvePoints,
  passCurve,
  roundAlpha,
  type BestAlpha,
  type CurvePoint,
  type PassCurve,
} from './best-alpha';
import { collapseProbes, COLLAPSE_SHARE } from './collapse';
import { defaultRange, REFINE_DEFAULTS } from './defaults';
import { frontierGaps } from './frontier-gap';
import { intervalReach, intervalText } from './open-ends';
import { fitSurrogate, type Surrogate } from './surrogate';

// The refinement policy: from a study's evaluated alphas (one setting and scale), the next alphas
// worth evaluating, each with its reason, best first:
//   1. "best", when the best evaluated alpha is the last before a collapse: the middle of that
//      bracket (the peak may sit right at the edge, where a smooth surrogate cannot see it);
//   2. "best": the alpha of largest expected improvement of pass@k over the current best on the
//      surrogate, if the gain is worth an evaluation (at least half the noise of one), else
//   3. "best": the middle of the widest stretch of the best alpha's interval with no evaluation
//      (evaluations there are what narrows the interval);
//   4. "frontier": the middle of a gap where the failure rates jump by five points or more;
//   5. "collapse": one step towards where extrapolation collapses (a probe further out, or the
//      middle of the bracket that holds the edge);
//   then smaller frontier gaps, then more of 2 and 3, each chosen as if the proposals before had
//   come back exactly as predicted (the kriging believer), so a batch spreads out.
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
  /** Where alphas may be proposed, both ends included (default: defaults.ts's defaultRange of the evaluated alphas). */
  range?: readonly [number, number];
  /** Alphas queued or running already: never proposed again. */
  exclude?: readonly number[];
  /** No proposal closer than this to an evaluated, excluded or proposed alpha (default 0.05). */
  minSpacing?: number;
  /** The bootstrap's replicates and seed (default: REFINE_DEFAULTS). */
  replicates?: number;
  seed?: number;
}

export interface Refinement {
  k: number;
  /** The range used: the one given, or the default. */
  range: [number, number];
  /** Evaluated alphas the estimate uses, ascending. */
  evaluated: number[];
  /** The live ones among them (not past a collapse): the surrogate is fitted to these and drawn from the first to the last. */
  live: number[];
  /** The collapsed ones: past a trained endpoint, pass@k below `collapseBelow`. */
  collapsed: number[];
  /** COLLAPSE_SHARE of the best evaluated pass@k (null without a curve). */
  collapseBelow: number | null;
  /** Problems with at least k judged samples at every evaluated alpha. */
  problems: number;
  best: BestAlpha | null;
  suggestions: Suggestion[];
  /** The surrogate over its window (the live evaluated span), for drawing. */
  curve: CurvePoint[];
  /** Why there is no estimate yet, when there is none. */
  note?: string;
}

const fmt = (x: number) => x.toFixed(3);
/** A gap on the frontier worth filling: the failure rates move by at least a point between its ends... */
const MIN_FRONTIER_MOVE = 0.01;
/** ...and one worth filling before anything but the best alpha: five points. */
const LARGE_FRONTIER_MOVE = 0.05;
const alphaText = (a: number) => `α=${roundAlpha(a)}`;
const normalPdf = (z: number) => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 on erf; error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

function expectedImprovement(mean: number, sd: number, incumbent: number): number {
  if (sd <= 0) return Math.max(0, mean - incumbent);
  const z = (mean - incumbent) / sd;
  return (mean - incumbent) * normalCdf(z) + sd * normalPdf(z);
}

export function checkSuggestOptions(o: SuggestOptions): string | undefined {
  if (!Number.isSafeInteger(o.k) || o.k < 1) return `k must be a whole number of at least 1 (got ${o.k})`;
  if (!Number.isSafeInteger(o.count) || o.count < 1 || o.count > 20)
    return `count must be a whole number from 1 to 20 (got ${o.count})`;
  if (!o.range)
    return o.minSpacing !== undefined && !(o.minSpacing > 0)
      ? `minSpacing must be positive (got ${o.minSpacing})`
      : undefined;
  const [lo, hi] = o.range;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi))
    return `the range must be two numbers, low below high (got ${lo}, ${hi})`;
  if (o.minSpacing !== undefined && !(o.minSpacing > 0 && o.minSpacing < hi - lo))
    return `minSpacing must be positive and smaller than the range (got ${o.minSpacing})`;
  return undefined;
}

/** The next alphas to evaluate and the current estimate of the best one. Throws a RangeError for invalid options. */
export function suggestAlphas(points: readonly AlphaPoint[], options: SuggestOptions): Refinement {
  const problem = checkSuggestOptions(options);
  if (problem) throw new RangeError(problem);
  const { k, count, minSpacing = 0.05, replicates = REFINE_DEFAULTS.replicates, seed = REFINE_DEFAULTS.seed } = options;
  const [lo, hi] = options.range ?? defaultRange(points.map((p) => p.alpha));
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
  const collapsed = curve.xs.filter((a) => a <= curve.window[0] || a >= curve.window[1]);
  const collapseBelow = curve.problems > 0 ? COLLAPSE_SHARE * Math.max(...curve.ys) : null;
  const base = {
    k,
    range: [lo, hi] as [number, number],
    evaluated: curve.xs,
    live: curve.live,
    collapsed,
    collapseBelow,
    problems: curve.problems,
  };
  if (points.length < 2 || curve.problems === 0 || !curve.surrogate) {
    // Not a curve yet: the trained endpoints first, then the middle and the ends of the range.
    for (const a of [0, 1, (lo + hi) / 2, hi, lo])
      propose(
        a,
        'start',
        a === 0 || a === 1
          ? `the ${a === 0 ? 'low' : 'high'}-coverage endpoint: every estimate starts from the trained endpoints`
          : `spreads the first evaluations over the range [${lo}, ${hi}]`,
      );
    const note =
      curve.problems === 0 && points.length > 0
        ? `no problem has at least ${k} judged samples at every evaluated alpha`
        : `pass@${k} along alpha needs at least two evaluated alphas`;
    return { ...base, best: null, suggestions, curve: [], note };
  }

  const best = bestAlpha(curve, { replicates, seed, range: [lo, hi] });
  // Expected improvement only where the line is alive: on a side that collapsed, no further out
  // than its outermost live alpha (the bracket at the collapse is proposed on its own, below).
  const [liveLo, liveHi] = [curve.live[0]!, curve.live.at(-1)!];
  const grid = alphaGrid(
    Number.isFinite(curve.window[0]) ? liveLo : lo,
    Number.isFinite(curve.window[1]) ? liveHi : hi,
  );
  const byEi = bestByImprovement(curve, grid, best);
  // A gain below the noise of one evaluation is no reason to evaluate: narrowing the interval is.
  const worthwhile = 0.5 * Math.sqrt(median(curve.liveNoise));
  const proposeImprovement = (threshold = worthwhile) => {
    for (const s of suggestions) byEi.believe(s.alpha);
    const next = byEi.next(free);
    return (
      next !== undefined &&
      next.gain >= threshold &&
      propose(
        next.alpha,
        'best',
        `may raise pass@${k}: expected gain ${fmt(next.gain)} over the best so far (${fmt(best?.passAtK ?? 0)} at ${alphaText(best?.alpha ?? 0)})`,
      )
    );
  };
  // Where the peak may be: the interval, out to how far it may go on an open side.
  const reach = best && intervalReach(best);
  const proposeNarrowing = () => {
    const gap = best && reach && widestGap(taken, Math.max(lo, reach[0]), Math.min(hi, reach[1]), 2 * minSpacing);
    return (
      !!gap &&
      propose(
        gap.alpha,
        'best',
        `narrows the best alpha's interval ${intervalText(best)}: nothing evaluated between ${alphaText(gap.from)} and ${alphaText(gap.to)}`,
      )
    );
  };
  const bracket = collapseBracket(curve, 2 * minSpacing);
  const gaps = frontierGaps(points, 2 * minSpacing).filter((g) => g.distance >= MIN_FRONTIER_MOVE);
  const proposeGap = (min: number) =>
    gaps.some(
      (gap) =>
        gap.distance >= min &&
        propose(
          (gap.from + gap.to) / 2,
          'frontier',
          `fills the widest gap on the frontier: failure rates move by ${fmt(gap.distance)} between ${alphaText(gap.from)} and ${alphaText(gap.to)}`,
        ),
    );

  // 1. The best alpha is the last before a collapse: the peak may sit right at the edge.
  if (bracket)
    propose(
      bracket.alpha,
      'best',
      `the best evaluated alpha (${alphaText(bracket.best)}, pass@${k} ${fmt(bracket.value)}) is the last before a collapse at ${alphaText(bracket.towards)}: the peak may lie between them`,
    );
  // 2. Where pass@k may still rise, else 3. where the best alpha's interval has no evaluation.
  if (!proposeImprovement()) proposeNarrowing();
  proposeNarrowing();
  // 4. A large jump on the frontier, then one step towards the collapse of extrapolation.
  proposeGap(LARGE_FRONTIER_MOVE);
  for (const probe of collapseProbes(curve.xs, curve.ys, lo, hi, 2 * minSpacing)) {
    const reason =
      probe.kind === 'probe'
        ? `probes extrapolation further out: no collapse ${probe.side === 'above' ? 'up' : 'down'} to ${alphaText(probe.from)} (pass@${k} ${fmt(probe.value)})`
        : `brackets where extrapolation collapses: pass@${k} ${fmt(probe.fromValue)} at ${alphaText(probe.from)}, ${fmt(probe.toValue)} at ${alphaText(probe.to)}`;
    if (propose(probe.alpha, 'collapse', reason)) break;
  }
  // 5. Whatever is left: smaller frontier gaps, then more of 2 and 3.
  proposeGap(MIN_FRONTIER_MOVE);
  while (suggestions.length < count && (proposeImprovement() || proposeNarrowing()));
  // Asked for more than is worth it: the rest where the surrogate expects most, however little.
  while (suggestions.length < count && proposeImprovement(0));
  const note = best
    ? undefined
    : `no live evaluated alpha lies in the range [${lo}, ${hi}]: the live ones span α=${roundAlpha(liveLo)} to α=${roundAlpha(liveHi)}`;
  return { ...base, best, suggestions, curve: curvePoints(curve), ...(note && { note }) };
}

const median = (v: readonly number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)] ?? 0;

/** The middle of the widest stretch of [from, to] with no taken alpha in it, if wider than `resolution`. */
function widestGap(taken: readonly number[], from: number, to: number, resolution: number) {
  const marks = [from, ...taken.filter((a) => a > from && a < to), to].sort((a, b) => a - b);
  let best: { from: number; to: number; alpha: number } | undefined;
  for (let i = 1; i < marks.length; i++) {
    const [a, b] = [marks[i - 1]!, marks[i]!];
    // An end of the interval that is not an evaluated alpha is itself worth a look.
    const [left, right] = [
      a === from && !taken.includes(a) ? a - resolution : a,
      b === to && !taken.includes(b) ? b + resolution : b,
    ];
    if (right - left > resolution + 1e-9 && (!best || right - left > best.to - best.from))
      best = { from: left, to: right, alpha: Math.min(to, Math.max(from, (left + right) / 2)) };
  }
  return best && { ...best, from: Math.max(from, best.from), to: Math.min(to, best.to) };
}

/** The best evaluated alpha and the collapsed one right after it, while further apart than `resolution`. */
function collapseBracket(curve: PassCurve, resolution: number) {
  const { xs, ys, window } = curve;
  const b = argmax(ys);
  const edge = [b - 1, b + 1].find(
    (i) => (xs[i] === window[0] || xs[i] === window[1]) && Math.abs(xs[i]! - xs[b]!) > resolution + 1e-9,
  );
  return edge === undefined
    ? undefined
    : { best: xs[b]!, value: ys[b]!, towards: xs[edge]!, alpha: (xs[b]! + xs[edge]!) / 2 };
}

/**
 * Expected improvement over the grid, with believed points added as they are chosen: a believed
 * point joins the surrogate with its predicted value, which shrinks the uncertainty around it.
 */
function bestByImprovement(curve: PassCurve, grid: readonly number[], best: BestAlpha | null) {
  const xs = [...curve.live];
  const ys = [...curve.liveYs];
  const noise = [...curve.liveNoise];
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
