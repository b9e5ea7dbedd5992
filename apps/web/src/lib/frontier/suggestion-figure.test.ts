import type { Refinement } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { buildSeries } from './frontier-model';
import { frontierFigure } from './frontier-figure';
import { solveRateFigure } from './solve-rate-figure';
import { parabolaStudy } from './suggest-fixture';
import {
  hoverLines,
  placeOnFrontier,
  surrogateAt,
  SUGGESTION_TRACES,
  withFrontierProposals,
  withSuggestions,
} from './suggestion-figure';

const curve = [
  { alpha: 0, mean: 0.2, lo: 0.1, hi: 0.3 },
  { alpha: 0.5, mean: 0.4, lo: 0.3, hi: 0.5 },
  { alpha: 1, mean: 0.3, lo: -0.1, hi: 1.2 },
];
const refinement: Refinement = {
  k: 2,
  range: [0, 1],
  evaluated: [0, 1],
  live: [0, 1],
  collapsed: [],
  collapseBelow: 0.2,
  problems: 10,
  best: { alpha: 0.5, lo: 0.4, hi: 0.65, passAtK: 0.4, passLo: 0.35, passHi: 0.45 },
  suggestions: [
    { alpha: 0.25, kind: 'best', reason: 'may raise pass@2 <by> a lot' },
    { alpha: 0.75, kind: 'frontier', reason: 'fills the widest gap' },
  ],
  curve,
};

describe('the surrogate on the solve-rate plot', () => {
  it('reads the drawn curve between its points and nowhere else', () => {
    expect(surrogateAt(curve, 0.25)).toBeCloseTo(0.3, 12);
    expect(surrogateAt(curve, 1)).toBe(0.3);
    expect(surrogateAt(curve, 1.1)).toBeUndefined();
    expect(surrogateAt([], 0)).toBeUndefined();
  });
  it('wraps hover text at word boundaries', () => {
    expect(hoverLines('aa bb cc dd', 5)).toBe('aa bb<br>cc dd');
  });
  it('adds the band, the curve, the proposals at the surrogate and the best alpha with its interval', () => {
    const base = solveRateFigure([]);
    const fig = withSuggestions(solveRateFigure([]), refinement);
    expect(fig.data.slice(0, base.data.length)).toEqual(base.data);
    const added = fig.data.slice(base.data.length) as {
      name: string;
      x: number[];
      y: number[];
      hovertemplate: string[] | string;
      error_x?: { array: number[]; arrayminus: number[] };
    }[];
    expect(added.map((t) => t.name)).toEqual([
      SUGGESTION_TRACES.band,
      SUGGESTION_TRACES.band,
      'surrogate pass@2',
      SUGGESTION_TRACES.proposals,
      SUGGESTION_TRACES.best,
    ]);
    expect(fig.layout.annotations).toEqual([]);
    expect(added[0]!.y).toEqual([0.3, 0.5, 1]); // the band is clipped to [0, 1]
    expect(added[1]!.y).toEqual([0.1, 0.3, 0]);
    const proposals = added[3]!;
    expect(proposals.x).toEqual([0.25, 0.75]);
    expect(proposals.y[0]).toBeCloseTo(0.3, 12);
    expect(proposals.y[1]).toBeCloseTo(0.35, 12);
    expect(proposals.hovertemplate[0]).toContain('may raise pass@2 &lt;by&gt; a lot');
    const best = added[4]!;
    expect(best.x).toEqual([0.5]);
    expect(best.error_x!.arrayminus[0]).toBeCloseTo(0.1, 12);
    expect(best.error_x!.array[0]).toBeCloseTo(0.15, 12);
    expect(fig.layout.yaxis?.title).toEqual({ text: 'Solve rate (pass@1); dashed: surrogate pass@2' });
    expect(withSuggestions(base, null)).toBe(base);
  });
  it('puts "start" proposals on the alpha axis when there is no curve yet', () => {
    const fig = withSuggestions(solveRateFigure([]), {
      ...refinement,
      curve: [],
      live: [],
      best: null,
      suggestions: [{ alpha: 0, kind: 'start', reason: 'endpoint' }],
    });
    expect(fig.data.some((t) => t.name === SUGGESTION_TRACES.proposals)).toBe(false);
    const proposals = fig.data.find((t) => t.name === SUGGESTION_TRACES.offCurve) as {
      y: number[];
      hovertemplate: string[];
    };
    expect(proposals.y).toEqual([0]);
    expect(proposals.hovertemplate[0]).toContain('no estimate of pass@k yet');
    expect(fig.data.some((t) => t.name === SUGGESTION_TRACES.best)).toBe(false);
  });

  it('puts proposals past the live alphas on the axis, saying the surrogate is not drawn there', () => {
    const fig = withSuggestions(solveRateFigure([]), {
      ...refinement,
      suggestions: [...refinement.suggestions, { alpha: 1.5, kind: 'collapse', reason: 'probes further out' }],
    });
    const on = fig.data.find((t) => t.name === SUGGESTION_TRACES.proposals) as { x: number[] };
    const off = fig.data.find((t) => t.name === SUGGESTION_TRACES.offCurve) as {
      x: number[];
      y: number[];
      hovertemplate: string[];
    };
    expect(on.x).toEqual([0.25, 0.75]);
    expect([off.x, off.y]).toEqual([[1.5], [0]]);
    expect(off.hovertemplate[0]).toContain(
      "outside the surrogate's window (the live alphas α = 0 to 1, where it is drawn): marked on the alpha axis",
    );
  });

  it('marks the collapsed points of the line it read, shades their stretch, and arrows an open interval end', () => {
    const [series] = buildSeries([{ setting: null, data: parabolaStudy([-1, -0.5, 0, 0.5, 1]) }], { replicates: 20 });
    const open = {
      ...refinement,
      evaluated: [-1, -0.5, 0, 0.5, 1],
      live: [0, 0.5, 1],
      collapsed: [-1, -0.5],
      best: {
        ...refinement.best!,
        hi: 1,
        above: { why: 'unevaluated' as const, limit: 1.5 },
        beyond: 'the peak may lie above α = 1',
      },
    };
    const fig = withSuggestions(solveRateFigure([series!]), open, series);
    const marks = fig.data.find(
      (t) => t.name === 'collapsed: pass@2 below half the best, past an endpoint (not fitted)',
    ) as { x: number[]; y: number[] };
    expect(marks.x).toEqual([-1, -0.5]);
    expect(marks.y).toEqual(series!.points.slice(0, 2).map((p) => p.solve.estimate));
    const shapes = fig.layout.shapes!;
    expect(shapes).toHaveLength(3);
    expect(shapes[2]).toMatchObject({ type: 'rect', x0: -1.06, x1: -0.44 });
    const notes = fig.layout.annotations!;
    expect(notes.map((a) => a.text)).toEqual(['collapsed', '']);
    expect(notes[1]).toMatchObject({ ax: 1, x: 1.2, hovertext: 'the peak may lie above α = 1' });
    const best = fig.data.find((t) => t.name === SUGGESTION_TRACES.best) as { hovertemplate: string };
    expect(best.hovertemplate).toContain('[0.4, 1 or above]');
    expect(best.hovertemplate).toContain('open interval: the peak may lie above α = 1');
  });
});

describe('proposals on the frontier', () => {
  const [series] = buildSeries([{ setting: null, data: parabolaStudy([0, 0.5, 1]) }], { replicates: 20 });
  const at = (alpha: number) => series!.points.find((p) => p.alpha === alpha)!;
  const s = (alpha: number) => ({ alpha, kind: 'best' as const, reason: 'r' });
  it('interpolates between the evaluated neighbours and leaves out anything outside the span', () => {
    const placed = placeOnFrontier(series!, [s(-0.2), s(0.25), s(0.8), s(1), s(1.4)], false);
    expect(placed.map((p) => [p.suggestion.alpha, p.between])).toEqual([
      [0.25, [0, 0.5]],
      [0.8, [0.5, 1]],
    ]);
    expect(placed[0]!.x).toBeCloseTo((at(0).correctness.estimate + at(0.5).correctness.estimate) / 2, 12);
    expect(placed[1]!.y).toBeCloseTo(
      at(0.5).optimization.estimate + 0.6 * (at(1).optimization.estimate - at(0.5).optimization.estimate),
      12,
    );
  });
  it('on log axes, interpolates in log space so the mark lies on the drawn segment', () => {
    const [p] = placeOnFrontier(series!, [s(0.25)], true);
    expect(p!.x).toBeCloseTo(Math.sqrt(at(0).correctness.estimate * at(0.5).correctness.estimate), 12);
  });
  it('adds one trace labelled interpolated, and nothing when nothing is placed', () => {
    const base = frontierFigure([series!], { log: false });
    const fig = withFrontierProposals(
      frontierFigure([series!], { log: false }),
      placeOnFrontier(series!, [s(0.25)], false),
    );
    expect(fig.data).toHaveLength(base.data.length + 1);
    const trace = fig.data.at(-1) as { name: string; hovertemplate: string[] };
    expect(trace.name).toBe('proposed alphas (interpolated)');
    expect(trace.hovertemplate[0]).toContain('placed by interpolation between α = 0 and α = 0.5');
    expect(withFrontierProposals(base, [])).toBe(base);
  });
});
