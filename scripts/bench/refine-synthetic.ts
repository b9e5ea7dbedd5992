import { suggestAlphas, type AlphaPoint, type BestAlpha } from '@frontier/core';
import {
  drawVerdict,
  makeProblems,
  mixSeed,
  Rng,
  trueBestAlpha,
  verdictMix,
  type SweepShape,
  type TrueBestAlpha,
} from '@frontier/formats';
import { coarseToFine, uniformGrid } from './refine-grid';

// bench:refine on synthetic studies whose true pass@k along alpha is known: how many evaluated
// alphas each strategy needs until its best alpha (always suggestAlphas(...).best, the one
// estimator) is within TOLERANCE of the true one.

export interface SyntheticOptions {
  seeds: number;
  problems: number;
  samples: number;
  k: number;
  range: [number, number];
}

export const TOLERANCE = 0.1;
/** Refinement batch sizes compared: one alpha per round, and the CLI's default. */
export const COUNTS = [1, 3] as const;

/** Evaluations until the target was reached (null: never), alphas evaluated in all, and the estimate then. */
export interface Outcome {
  evaluations: number | null;
  spent: number;
  best: BestAlpha | null;
}

export interface SeedResult {
  seed: number;
  truth: TrueBestAlpha;
  grid: Outcome;
  coarseToFine: Outcome;
  refine: Outcome[];
}

/** Evaluating an alpha: every problem's verdicts drawn from the model, seeded by (seed, alpha, problem). */
function evaluator(shape: SweepShape, seed: number, o: SyntheticOptions) {
  const problems = makeProblems(new Rng(mixSeed(seed, 0x70726f62)), o.problems);
  const cache = new Map<number, AlphaPoint>();
  const evaluate = (alpha: number): AlphaPoint => {
    const point = {
      alpha,
      n: new Float64Array(o.problems),
      solved: new Float64Array(o.problems),
      correctness: new Float64Array(o.problems),
      optimization: new Float64Array(o.problems),
    };
    problems.forEach((problem, p) => {
      const rng = new Rng(mixSeed(seed, alpha, p));
      const mix = verdictMix(problem, alpha, shape);
      for (let i = 0; i < o.samples; i++) {
        const v = drawVerdict(rng, mix);
        if (v === 'IE') continue; // a runner fault is not a judged sample
        point.n[p]!++;
        if (v === 'AC') point.solved[p]!++;
        else if (v === 'TLE') point.optimization[p]!++;
        else point.correctness[p]!++;
      }
    });
    return point;
  };
  return {
    truth: trueBestAlpha(problems, o.k, shape, o.range),
    evaluate: (alpha: number) => cache.get(alpha) ?? cache.set(alpha, evaluate(alpha)).get(alpha)!,
  };
}

export function runShape(shape: SweepShape, seed: number, o: SyntheticOptions): SeedResult {
  const { truth, evaluate } = evaluator(shape, seed, o);
  const suggest = (points: AlphaPoint[], count: number) =>
    suggestAlphas(
      [...points].sort((a, b) => a.alpha - b.alpha),
      { k: o.k, count, range: o.range, seed },
    );
  const hit = (best: BestAlpha | null) =>
    best !== null && truth.best.some((a) => Math.abs(a - best.alpha) <= TOLERANCE + 1e-9);
  const grid = uniformGrid(o.range);

  const full = suggest(grid.map(evaluate), 1).best;
  // The oracle stop: checked after every alpha against the truth no researcher has.
  const ordered = coarseToFine(grid);
  let c2f: Outcome = { evaluations: null, spent: grid.length, best: full };
  for (let i = 2; i <= ordered.length; i++) {
    const best = suggest(ordered.slice(0, i).map(evaluate), 1).best;
    if (hit(best)) {
      c2f = { evaluations: i, spent: i, best };
      break;
    }
  }

  const refine = COUNTS.map((count): Outcome => {
    const points = [0, 1].map(evaluate);
    for (;;) {
      const r = suggest(points, count);
      if (hit(r.best)) return { evaluations: points.length, spent: points.length, best: r.best };
      const next = r.suggestions.slice(0, grid.length - points.length);
      if (next.length === 0) return { evaluations: null, spent: points.length, best: r.best };
      points.push(...next.map((s) => evaluate(s.alpha)));
    }
  });
  return {
    seed,
    truth,
    grid: { evaluations: hit(full) ? grid.length : null, spent: grid.length, best: full },
    coarseToFine: c2f,
    refine,
  };
}
