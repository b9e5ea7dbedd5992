import type { CurvePoint, Refinement, Suggestion } from '@frontier/core';
import type { Data, Layout } from 'plotly.js';
import type { SeriesModel } from './frontier-model';

// The refinement policy's answer drawn over the Frontier tab's plots: on "Solve rate against
// alpha" the surrogate pass@k curve with its band, the proposals at the surrogate's value and the
// best alpha with its interval; on the frontier, the proposals only where they can be placed
// honestly (interpolated between evaluated neighbours, never beyond the evaluated span).

export const PROPOSAL_COLOUR = '#e8590c';
export const BEST_COLOUR = '#2b8a3e';
const SURROGATE_COLOUR = '#7048e8';

export const SUGGESTION_TRACES = { band: 'surrogate 95% band', surrogate: 'surrogate', proposals: 'proposed alphas', best: 'best alpha' } as const;

/** The drawn curve's value at alpha (linear between its points, as Plotly draws it); undefined outside. */
export function surrogateAt(curve: readonly CurvePoint[], alpha: number): number | undefined {
  for (let i = 0; i + 1 < curve.length; i++) {
    const a = curve[i]!;
    const b = curve[i + 1]!;
    if (alpha >= a.alpha && alpha <= b.alpha) return b.alpha === a.alpha ? a.mean : a.mean + ((alpha - a.alpha) / (b.alpha - a.alpha)) * (b.mean - a.mean);
  }
  return curve.length === 1 && curve[0]!.alpha === alpha ? curve[0]!.mean : undefined;
}

/** Breaks a long reason into hover lines (Plotly's hover box does not wrap). */
export function hoverLines(text: string, width = 60): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('<br>');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const proposalHover = (s: Suggestion, extra: string) => `<b>proposed α = ${s.alpha}</b> (${s.kind})<br>${hoverLines(escapeHtml(s.reason))}${extra}<extra></extra>`;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function bandTraces(curve: readonly CurvePoint[], k: number): Data[] {
  const x = curve.map((c) => c.alpha);
  return [
    { type: 'scatter', mode: 'lines', name: SUGGESTION_TRACES.band, x, y: curve.map((c) => clamp01(c.hi)), line: { width: 0, color: SURROGATE_COLOUR }, showlegend: false, hoverinfo: 'skip', legendgroup: 'surrogate' },
    {
      type: 'scatter', mode: 'lines', name: SUGGESTION_TRACES.band, x, y: curve.map((c) => clamp01(c.lo)), line: { width: 0, color: SURROGATE_COLOUR },
      fill: 'tonexty', fillcolor: 'rgba(112, 72, 232, 0.13)', showlegend: false, hoverinfo: 'skip', legendgroup: 'surrogate',
    },
    {
      type: 'scatter', mode: 'lines', name: `${SUGGESTION_TRACES.surrogate} pass@${k}`, x, y: curve.map((c) => c.mean), legendgroup: 'surrogate',
      line: { color: SURROGATE_COLOUR, width: 2, dash: 'dash' },
      customdata: curve.map((c) => [clamp01(c.lo), clamp01(c.hi)]),
      hovertemplate: `surrogate pass@${k} at α = %{x}: %{y:.3f} (95% band %{customdata[0]:.3f}–%{customdata[1]:.3f})<extra></extra>`,
    },
  ];
}

function proposalTrace(r: Refinement): Data {
  const ys = r.suggestions.map((s) => surrogateAt(r.curve, s.alpha));
  return {
    type: 'scatter', mode: 'markers', name: SUGGESTION_TRACES.proposals, x: r.suggestions.map((s) => s.alpha),
    // Without a curve yet ("start" proposals) the markers sit on the alpha axis.
    y: ys.map((y) => y ?? 0),
    hovertemplate: r.suggestions.map((s, i) => proposalHover(s, ys[i] === undefined ? '<br>no estimate of pass@k yet' : `<br>surrogate pass@${r.k} %{y:.3f}`)),
    marker: { symbol: 'star', size: 15, color: PROPOSAL_COLOUR, line: { color: '#111', width: 1 } },
  };
}

function bestTrace(r: Refinement): Data[] {
  const b = r.best;
  if (!b) return [];
  return [{
    type: 'scatter', mode: 'markers', name: SUGGESTION_TRACES.best, x: [b.alpha], y: [b.passAtK],
    error_x: { type: 'data', symmetric: false, array: [b.hi - b.alpha], arrayminus: [b.alpha - b.lo], color: BEST_COLOUR, thickness: 2.5, width: 8 },
    error_y: { type: 'data', symmetric: false, array: [b.passHi - b.passAtK], arrayminus: [b.passAtK - b.passLo], color: BEST_COLOUR, thickness: 1, width: 4 },
    customdata: [[b.lo, b.hi, b.passLo, b.passHi]],
    hovertemplate: `<b>best α = %{x}</b> [%{customdata[0]}, %{customdata[1]}] (95% bootstrap)<br>surrogate pass@${r.k} %{y:.3f} [%{customdata[2]:.3f}, %{customdata[3]:.3f}]<extra></extra>`,
    marker: { symbol: 'diamond', size: 14, color: BEST_COLOUR, line: { color: '#111', width: 1 } },
  }];
}

type Figure = { data: Data[]; layout: Partial<Layout> };

/** The solve-rate figure with the refinement drawn on it (a new figure; `fig` must be fresh: Plotly mutates layouts it drew). */
export function withSuggestions<F extends Figure>(fig: F, r: Refinement | null): F {
  if (!r) return fig;
  const yaxis = { ...fig.layout.yaxis, title: { text: r.k === 1 ? 'Solve rate = pass@1 (dashed: surrogate)' : `Solve rate (pass@1); dashed: surrogate pass@${r.k}` } };
  return { ...fig, data: [...fig.data, ...bandTraces(r.curve, r.k), proposalTrace(r), ...bestTrace(r)], layout: { ...fig.layout, yaxis, showlegend: true } };
}

export interface PlacedProposal {
  suggestion: Suggestion;
  x: number;
  y: number;
  /** The evaluated alphas it lies between. */
  between: [number, number];
}

/**
 * Where proposals fall on the frontier if the failure rates move in a straight line between the
 * evaluated neighbours (in the axes' space, so the mark lies on the drawn segment with log axes
 * too). Proposals at or beyond the evaluated span are left out: nothing says where they land.
 */
export function placeOnFrontier(series: SeriesModel, suggestions: readonly Suggestion[], log: boolean): PlacedProposal[] {
  const pts = series.points;
  const toAxis = (v: number) => (log ? Math.log(v) : v);
  const fromAxis = (v: number) => (log ? Math.exp(v) : v);
  const out: PlacedProposal[] = [];
  for (const s of suggestions) {
    const i = pts.findIndex((p, j) => j + 1 < pts.length && p.alpha < s.alpha && s.alpha < pts[j + 1]!.alpha);
    if (i < 0) continue;
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const t = (s.alpha - a.alpha) / (b.alpha - a.alpha);
    const lerp = (u: number, v: number) => fromAxis(toAxis(u) + t * (toAxis(v) - toAxis(u)));
    const x = lerp(a.correctness.estimate, b.correctness.estimate);
    const y = lerp(a.optimization.estimate, b.optimization.estimate);
    if (Number.isFinite(x) && Number.isFinite(y)) out.push({ suggestion: s, x, y, between: [a.alpha, b.alpha] });
  }
  return out;
}

/** The frontier figure with the placed proposals as open stars labelled "interpolated". */
export function withFrontierProposals<F extends Figure>(fig: F, placed: readonly PlacedProposal[]): F {
  if (placed.length === 0) return fig;
  const trace: Data = {
    type: 'scatter', mode: 'markers', name: `${SUGGESTION_TRACES.proposals} (interpolated)`,
    x: placed.map((p) => p.x), y: placed.map((p) => p.y),
    hovertemplate: placed.map((p) => proposalHover(p.suggestion, `<br>placed by interpolation between α = ${p.between[0]} and α = ${p.between[1]}: not evaluated`)),
    marker: { symbol: 'star-open', size: 16, color: PROPOSAL_COLOUR, line: { color: PROPOSAL_COLOUR, width: 2 } },
  };
  return { ...fig, data: [...fig.data, trace] };
}
