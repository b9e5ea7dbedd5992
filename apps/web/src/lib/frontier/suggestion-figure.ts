import { intervalText, type CurvePoint, type Refinement, type Suggestion } from '@frontier/core';
import type { Annotations, Data, Layout, Shape } from 'plotly.js';
import type { SeriesModel } from './frontier-model';

// The refinement policy's answer drawn over the Frontier tab's plots: on "Solve rate against
// alpha" the surrogate pass@k curve with its band over the window it was fitted on (the live
// evaluated alphas), the proposals at the surrogate's value (on the alpha axis where it says
// nothing), the best alpha with its interval (an arrow where it is open) and the collapsed alphas
// marked and shaded; on the frontier, the proposals only where they can be placed honestly
// (interpolated between evaluated neighbours, never beyond the evaluated span).

export const PROPOSAL_COLOUR = '#e8590c';
export const BEST_COLOUR = '#2b8a3e';
const SURROGATE_COLOUR = '#7048e8';
const COLLAPSED_COLOUR = '#868e96';

export const SUGGESTION_TRACES = {
  band: 'surrogate 95% band',
  surrogate: 'surrogate',
  proposals: 'proposed alphas',
  offCurve: 'proposed alphas (beyond the surrogate: on the axis)',
  best: 'best alpha',
  collapsed: 'collapsed',
} as const;

/** The collapsed marks' legend entry, which says what collapsed means (README, "Collapse"). */
export const collapsedName = (k: number) =>
  `${SUGGESTION_TRACES.collapsed}: pass@${k} below half the best, past an endpoint (not fitted)`;

/** The drawn curve's value at alpha (linear between its points, as Plotly draws it); undefined outside. */
export function surrogateAt(curve: readonly CurvePoint[], alpha: number): number | undefined {
  for (let i = 0; i + 1 < curve.length; i++) {
    const a = curve[i]!;
    const b = curve[i + 1]!;
    if (alpha >= a.alpha && alpha <= b.alpha)
      return b.alpha === a.alpha ? a.mean : a.mean + ((alpha - a.alpha) / (b.alpha - a.alpha)) * (b.mean - a.mean);
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
const proposalHover = (s: Suggestion, extra: string) =>
  `<b>proposed α = ${s.alpha}</b> (${s.kind})<br>${hoverLines(escapeHtml(s.reason))}${extra}<extra></extra>`;
/** The band as drawn: pass@k lies in [0, 1]. */
export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function bandTraces(curve: readonly CurvePoint[], k: number): Data[] {
  const x = curve.map((c) => c.alpha);
  return [
    {
      type: 'scatter',
      mode: 'lines',
      name: SUGGESTION_TRACES.band,
      x,
      y: curve.map((c) => clamp01(c.hi)),
      line: { width: 0, color: SURROGATE_COLOUR },
      showlegend: false,
      hoverinfo: 'skip',
      legendgroup: 'surrogate',
    },
    {
      type: 'scatter',
      mode: 'lines',
      name: SUGGESTION_TRACES.band,
      x,
      y: curve.map((c) => clamp01(c.lo)),
      line: { width: 0, color: SURROGATE_COLOUR },
      fill: 'tonexty',
      fillcolor: 'rgba(112, 72, 232, 0.13)',
      showlegend: false,
      hoverinfo: 'skip',
      legendgroup: 'surrogate',
    },
    {
      type: 'scatter',
      mode: 'lines',
      name: `${SUGGESTION_TRACES.surrogate} pass@${k}`,
      x,
      y: curve.map((c) => c.mean),
      legendgroup: 'surrogate',
      line: { color: SURROGATE_COLOUR, width: 2, dash: 'dash' },
      customdata: curve.map((c) => [clamp01(c.lo), clamp01(c.hi)]),
      hovertemplate: `surrogate pass@${k} at α = %{x}: %{y:.3f} (95% band %{customdata[0]:.3f}–%{customdata[1]:.3f})<extra></extra>`,
    },
  ];
}

/** The proposals on the surrogate, and those where it says nothing (no curve yet, or past the live alphas) on the alpha axis. */
function proposalTraces(r: Refinement): Data[] {
  const placed = r.suggestions.map((s) => ({ s, y: surrogateAt(r.curve, s.alpha) }));
  const on = placed.filter((p) => p.y !== undefined);
  const off = placed.filter((p) => p.y === undefined);
  const marker = { symbol: 'star', size: 15, color: PROPOSAL_COLOUR, line: { color: '#111', width: 1 } };
  const why =
    r.curve.length === 0
      ? 'no estimate of pass@k yet'
      : `outside the surrogate's window (the live alphas α = ${r.live[0]} to ${r.live.at(-1)}, where it is drawn): marked on the alpha axis`;
  return [
    ...(on.length > 0
      ? [
          {
            type: 'scatter',
            mode: 'markers',
            name: SUGGESTION_TRACES.proposals,
            x: on.map((p) => p.s.alpha),
            y: on.map((p) => p.y!),
            hovertemplate: on.map((p) => proposalHover(p.s, `<br>surrogate pass@${r.k} %{y:.3f}`)),
            marker,
          } as Data,
        ]
      : []),
    ...(off.length > 0
      ? [
          {
            type: 'scatter',
            mode: 'markers',
            name: SUGGESTION_TRACES.offCurve,
            x: off.map((p) => p.s.alpha),
            y: off.map(() => 0),
            cliponaxis: false,
            hovertemplate: off.map((p) => proposalHover(p.s, `<br>${why}`)),
            marker: { ...marker, symbol: 'star-open', line: { color: PROPOSAL_COLOUR, width: 2 } },
          } as Data,
        ]
      : []),
  ];
}

function bestTraces(r: Refinement): { data: Data[]; annotations: Partial<Annotations>[] } {
  const b = r.best;
  if (!b) return { data: [], annotations: [] };
  const beyond = b.beyond ? `<br>${hoverLines(escapeHtml(`open interval: ${b.beyond}`))}` : '';
  const data: Data[] = [
    {
      type: 'scatter',
      mode: 'markers',
      name: SUGGESTION_TRACES.best,
      x: [b.alpha],
      y: [b.passAtK],
      error_x: {
        type: 'data',
        symmetric: false,
        array: [b.hi - b.alpha],
        arrayminus: [b.alpha - b.lo],
        color: BEST_COLOUR,
        thickness: 2.5,
        width: 8,
      },
      error_y: {
        type: 'data',
        symmetric: false,
        array: [b.passHi - b.passAtK],
        arrayminus: [b.passAtK - b.passLo],
        color: BEST_COLOUR,
        thickness: 1,
        width: 4,
      },
      customdata: [[b.passLo, b.passHi]],
      hovertemplate: `<b>best α = %{x}</b> ${intervalText(b)} (95% bootstrap)<br>surrogate pass@${r.k} %{y:.3f} [%{customdata[0]:.3f}, %{customdata[1]:.3f}]${beyond}<extra></extra>`,
      marker: { symbol: 'diamond', size: 14, color: BEST_COLOUR, line: { color: '#111', width: 1 } },
    },
  ];
  // An open end: an arrow from the interval's end outwards, "the peak may lie further".
  const arrow = (from: number, sign: number): Partial<Annotations> => ({
    x: from + sign * 0.2,
    y: b.passAtK,
    ax: from,
    ay: b.passAtK,
    axref: 'x',
    ayref: 'y',
    xref: 'x',
    yref: 'y',
    showarrow: true,
    arrowhead: 2,
    arrowwidth: 2,
    arrowcolor: BEST_COLOUR,
    text: '',
    hovertext: b.beyond,
  });
  return { data, annotations: [...(b.below ? [arrow(b.lo, -1)] : []), ...(b.above ? [arrow(b.hi, 1)] : [])] };
}

/** The collapsed alphas: their points ringed with a cross, their stretch of alpha shaded and labelled. */
function collapsedMarks(
  r: Refinement,
  series: SeriesModel | undefined,
): { data: Data[]; shapes: Partial<Shape>[]; annotations: Partial<Annotations>[] } {
  const points = (series?.points ?? []).filter((p) => r.collapsed.includes(p.alpha));
  if (r.collapsed.length === 0 || r.live.length === 0) return { data: [], shapes: [], annotations: [] };
  const data: Data[] =
    points.length === 0
      ? []
      : [
          {
            type: 'scatter',
            mode: 'markers',
            name: collapsedName(r.k),
            x: points.map((p) => p.alpha),
            y: points.map((p) => p.solve.estimate),
            marker: {
              symbol: 'x-thin-open',
              size: 16,
              color: COLLAPSED_COLOUR,
              line: { color: COLLAPSED_COLOUR, width: 2 },
            },
            hovertemplate: `<b>α = %{x}: collapsed</b><br>past a trained endpoint, pass@${r.k} below ${r.collapseBelow?.toFixed(3)}, half the best evaluated<br>left out of the surrogate<extra></extra>`,
          },
        ];
  const sides = [r.collapsed.filter((a) => a < r.live[0]!), r.collapsed.filter((a) => a > r.live.at(-1)!)].filter(
    (side) => side.length > 0,
  );
  const pad = 0.06;
  const shapes: Partial<Shape>[] = sides.map((side) => ({
    type: 'rect',
    xref: 'x',
    yref: 'paper',
    x0: Math.min(...side) - pad,
    x1: Math.max(...side) + pad,
    y0: 0,
    y1: 1,
    fillcolor: COLLAPSED_COLOUR,
    opacity: 0.12,
    line: { width: 0 },
    layer: 'below',
  }));
  const annotations: Partial<Annotations>[] = sides.map((side) => ({
    x: (Math.min(...side) + Math.max(...side)) / 2,
    y: 1,
    xref: 'x',
    yref: 'paper',
    yanchor: 'top',
    text: 'collapsed',
    showarrow: false,
    font: { color: '#495057', size: 11 },
  }));
  return { data, shapes, annotations };
}

type Figure = { data: Data[]; layout: Partial<Layout> };

/**
 * The solve-rate figure with the refinement drawn on it (a new figure; `fig` must be fresh: Plotly
 * mutates layouts it drew). `series` is the line the refinement read, whose collapsed points are marked.
 */
export function withSuggestions<F extends Figure>(fig: F, r: Refinement | null, series?: SeriesModel): F {
  if (!r) return fig;
  const yaxis = {
    ...fig.layout.yaxis,
    title: {
      text:
        r.k === 1 ? 'Solve rate = pass@1 (dashed: surrogate)' : `Solve rate (pass@1); dashed: surrogate pass@${r.k}`,
    },
  };
  const best = bestTraces(r);
  const collapsed = collapsedMarks(r, series);
  const layout = {
    ...fig.layout,
    yaxis,
    showlegend: true,
    shapes: [...(fig.layout.shapes ?? []), ...collapsed.shapes],
    annotations: [...(fig.layout.annotations ?? []), ...collapsed.annotations, ...best.annotations],
  };
  return {
    ...fig,
    data: [...fig.data, ...collapsed.data, ...bandTraces(r.curve, r.k), ...proposalTraces(r), ...best.data],
    layout,
  };
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
export function placeOnFrontier(
  series: SeriesModel,
  suggestions: readonly Suggestion[],
  log: boolean,
): PlacedProposal[] {
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
    type: 'scatter',
    mode: 'markers',
    name: `${SUGGESTION_TRACES.proposals} (interpolated)`,
    x: placed.map((p) => p.x),
    y: placed.map((p) => p.y),
    hovertemplate: placed.map((p) =>
      proposalHover(
        p.suggestion,
        `<br>placed by interpolation between α = ${p.between[0]} and α = ${p.between[1]}: not evaluated`,
      ),
    ),
    marker: { symbol: 'star-open', size: 16, color: PROPOSAL_COLOUR, line: { color: PROPOSAL_COLOUR, width: 2 } },
  };
  return { ...fig, data: [...fig.data, trace] };
}
