import type { Data, Layout, Shape } from 'plotly.js';
import { confidenceEllipse, frontierSegments, logConfidenceEllipse } from '@frontier/core';
import { axisTicks } from '../plots/axis-ticks';
import { LINE_COLOURS } from '../plots/line-colours';
import { formatAlpha } from '../format';
import type { SeriesModel, SeriesPoint } from './frontier-model';
import { DEFAULT_INTERVALS, type IntervalDisplay } from './frontier-state';

export const HIGHLIGHT_COLOUR = '#d62728';

// The endpoints are told apart by their symbols (named in the legend and on hover), never by
// text on the plot: a label beside a marker covers its neighbours wherever the points crowd.
const ENDPOINT_MARKS = {
  LOW: { symbol: 'diamond', legend: 'LOW endpoint (low-coverage reward)', hover: 'low-coverage endpoint' },
  HIGH: { symbol: 'square', legend: 'HIGH endpoint (high-coverage reward)', hover: 'high-coverage endpoint' },
} as const;
const endpointMark = (p: SeriesPoint) => (p.role === 'LOW' || p.role === 'HIGH' ? ENDPOINT_MARKS[p.role] : undefined);

const HOVER =
  '<b>%{customdata[0]}</b> (%{customdata[4]})%{customdata[5]}<br>α = %{customdata[1]}<br>solve rate %{customdata[2]:.1%}' +
  '<br>correctness failures %{x:.1%}<br>optimization failures %{y:.1%}<br>n = %{customdata[3]:,} samples<extra></extra>';

/** What the frontier's interval marks are, in words for the page. */
export const INTERVAL_DEFINITIONS: Record<IntervalDisplay, string> = {
  bars: 'Bars: 95% percentile bootstrap interval of each rate on its own.',
  ellipses:
    'Ellipses: 95% confidence region of both failure rates together (normal approximation, χ² with 2 degrees of freedom) from the covariance of the same bootstrap replicates; its tilt shows how the two rates move together. On log axes, the region of the rates’ logarithms (delta method).',
  none: 'Intervals hidden; the table below and the CSV keep them.',
};

/** '#4a5568' at an opacity, as Plotly's rgba(). */
function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function errorBars(points: readonly SeriesPoint[], axis: 'correctness' | 'optimization', colour: string) {
  return {
    type: 'data' as const,
    symmetric: false,
    array: points.map((p) => p[axis].hi - p[axis].estimate),
    arrayminus: points.map((p) => p[axis].estimate - p[axis].lo),
    // Translucent: where the bars of neighbouring points cross, the points stay readable.
    color: withAlpha(colour, 0.45),
    thickness: 1,
    width: 3,
  };
}

/** One trace per segment: Plotly cannot change the dash style within a trace. */
function segmentTraces(s: SeriesModel, colour: string, several: boolean): Data[] {
  const plane = s.points.map((p) => ({ ...p, x: p.correctness.estimate, y: p.optimization.estimate }));
  const shown = new Set<string>();
  return frontierSegments(plane, s.endpoints).map((seg) => {
    const legend = several ? `${s.label} ${seg.kind}` : seg.kind;
    const trace: Data = {
      type: 'scatter',
      mode: 'lines',
      x: [seg.from.x, seg.to.x],
      y: [seg.from.y, seg.to.y],
      line: { color: colour, width: 2, dash: seg.kind === 'interpolation' ? 'solid' : 'dash' },
      name: seg.kind === 'interpolation' ? `${legend} (between endpoints)` : `${legend} (beyond endpoints)`,
      legendgroup: legend,
      showlegend: !shown.has(legend),
      hoverinfo: 'skip',
    };
    shown.add(legend);
    return trace;
  });
}

/** Marker diameters for a value scale: 7 px at the smallest value shown, 26 px at the largest. */
function sizeScale(values: readonly number[]): (v: number | undefined) => number | undefined {
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  return (v) => (v === undefined || !Number.isFinite(v) ? undefined : hi > lo ? 7 + (19 * (v - lo)) / (hi - lo) : 14);
}

function pointTrace(
  s: SeriesModel,
  colour: string,
  range: { min: number; max: number },
  first: boolean,
  bars: boolean,
  size?: (checkpointId: number) => number | undefined,
): Data {
  const pts = s.points;
  return {
    type: 'scatter',
    mode: 'markers',
    name: `${s.label} checkpoints`,
    showlegend: false,
    x: pts.map((p) => p.correctness.estimate),
    y: pts.map((p) => p.optimization.estimate),
    ...(bars && { error_x: errorBars(pts, 'correctness', colour), error_y: errorBars(pts, 'optimization', colour) }),
    customdata: pts.map((p) => [
      p.name,
      formatAlpha(p.alpha),
      p.solve.estimate,
      p.n,
      s.label,
      endpointMark(p) ? `, ${endpointMark(p)!.hover}` : '',
    ]),
    hovertemplate: HOVER,
    marker: {
      color: pts.map((p) => p.alpha),
      colorscale: 'Viridis',
      cmin: range.min,
      cmax: range.max,
      showscale: first,
      colorbar: { title: { text: 'alpha' }, thickness: 14 },
      // Sized by response length when asked; a checkpoint without a length keeps the usual size.
      size: pts.map((p) => size?.(p.checkpointId) ?? (endpointMark(p) ? 15 : 11)),
      symbol: pts.map((p) => endpointMark(p)?.symbol ?? 'circle'),
      line: {
        color: pts.map((p) => (endpointMark(p) ? '#111' : '#fff')),
        width: pts.map((p) => (endpointMark(p) ? 2 : 1)),
      },
    },
  } as Data;
}

/** Legend entries naming the endpoints' symbols: one empty point each (Plotly lists no trace without one). */
function endpointLegend(series: readonly SeriesModel[]): Data[] {
  return (['LOW', 'HIGH'] as const)
    .filter((role) => series.some((s) => s.points.some((p) => p.role === role)))
    .map((role) => ({
      type: 'scatter',
      mode: 'markers',
      name: ENDPOINT_MARKS[role].legend,
      x: [null],
      y: [null],
      hoverinfo: 'skip',
      marker: { symbol: ENDPOINT_MARKS[role].symbol, size: 12, color: '#fff', line: { color: '#111', width: 2 } },
    }));
}

/**
 * Each checkpoint's 95% confidence ellipse of (correctness rate, optimization rate), one trace per
 * series (polygons split by gaps, each filled); on log axes the ellipse of the rates' logarithms.
 */
function ellipseTrace(s: SeriesModel, colour: string, first: boolean, log: boolean): Data {
  const x: (number | null)[] = [];
  const y: (number | null)[] = [];
  for (const p of s.points) {
    const e = (log ? logConfidenceEllipse : confidenceEllipse)(
      { x: p.correctness.estimate, y: p.optimization.estimate },
      p.failureCovariance,
    );
    x.push(...e.x, null);
    y.push(...e.y, null);
  }
  return {
    type: 'scatter',
    mode: 'lines',
    name: '95% confidence ellipses',
    legendgroup: 'ellipses',
    showlegend: first,
    x,
    y,
    fill: 'toself',
    fillcolor: withAlpha(colour, 0.07),
    line: { color: withAlpha(colour, 0.55), width: 1 },
    hoverinfo: 'skip',
  };
}

/** The smallest and largest positive value a log axis must show (points, their bars or ellipses). */
function positiveExtent(data: readonly Data[], axis: 'x' | 'y'): { min: number; max: number } | undefined {
  const values: number[] = [];
  for (const t of data as {
    x?: (number | null)[];
    y?: (number | null)[];
    error_x?: { array: number[]; arrayminus: number[] };
    error_y?: { array: number[]; arrayminus: number[] };
  }[]) {
    const v = t[axis] ?? [];
    const err = axis === 'x' ? t.error_x : t.error_y;
    v.forEach((value, i) => {
      if (value === null || !(value > 0)) return;
      values.push(value);
      if (err) values.push(value - err.arrayminus[i]!, value + err.array[i]!);
    });
  }
  const positive = values.filter((v) => v > 0);
  return positive.length ? { min: Math.min(...positive) / 1.15, max: Math.max(...positive) * 1.15 } : undefined;
}

function paretoTrace(s: SeriesModel, first: boolean): Data {
  const pts = s.points.filter((p) => p.pareto);
  return {
    type: 'scatter',
    mode: 'markers',
    name: 'Pareto set (non-dominated)',
    legendgroup: 'pareto',
    showlegend: first,
    x: pts.map((p) => p.correctness.estimate),
    y: pts.map((p) => p.optimization.estimate),
    hoverinfo: 'skip',
    marker: { symbol: 'circle-open', size: 22, color: '#111', line: { width: 2 } },
  };
}

/**
 * The ring around the selected alpha's point: a layout shape, 30 px across, anchored at the point
 * in data coordinates. An alpha step moves it with one `relayout` of the anchors, which Plotly
 * draws without recomputing any trace (the axes' ranges are frozen after the first draw). A
 * 32-gon path, not a circle: on a log axis Plotly passes a circle's pixel bounds through the
 * axis' log conversion (-15 px becomes 0, the ring shrinks off-centre), and paths take no arcs.
 */
const RING_PATH = `${Array.from({ length: 32 }, (_, i) => {
  const t = (2 * Math.PI * i) / 32;
  return `${i === 0 ? 'M' : 'L'}${(15 * Math.cos(t)).toFixed(2)},${(15 * Math.sin(t)).toFixed(2)}`;
}).join('')}Z`;

function highlightShape(): Partial<Shape> {
  return {
    type: 'path',
    xref: 'x',
    yref: 'y',
    xsizemode: 'pixel',
    ysizemode: 'pixel',
    path: RING_PATH,
    xanchor: 0,
    yanchor: 0,
    visible: false,
    line: { color: HIGHLIGHT_COLOUR, width: 3 },
    layer: 'above',
  };
}

/** Relayout edits putting each series' ring on its point at alpha (hidden where a series lacks it). */
export function highlightEdits(series: readonly SeriesModel[], alpha: number | undefined): Record<string, unknown> {
  const edits: Record<string, unknown> = {};
  series.forEach((s, i) => {
    const p = s.points.find((q) => q.alpha === alpha);
    edits[`shapes[${i}].visible`] = p !== undefined;
    if (p) {
      edits[`shapes[${i}].xanchor`] = p.correctness.estimate;
      edits[`shapes[${i}].yanchor`] = p.optimization.estimate;
    }
  });
  return edits;
}

export interface FrontierFigure {
  data: Data[];
  layout: Partial<Layout>;
  /** layout.shapes[0 .. series.length - 1] ring the selected alpha's point of each series. */
  highlightShapes: number;
  plotted: number;
}

/** The frontier's height in pixels: the tab's largest plot, sized so most of it is on the first screen. */
export const FRONTIER_HEIGHT = 540;

/**
 * x = correctness-failure rate, y = optimization-failure rate, one line per series joined in
 * alpha order, each checkpoint's 95% bootstrap uncertainty as error bars, ellipses or nothing,
 * the Pareto set ringed, and layout shapes ringing the selected alpha.
 */
export function frontierFigure(
  series: readonly SeriesModel[],
  options: {
    log: boolean;
    intervals?: IntervalDisplay;
    alpha?: number;
    /** Per series key, a value per checkpoint id that sets the point's size (mean response length). */
    sizeBy?: ReadonlyMap<string, ReadonlyMap<number, number>>;
  },
): FrontierFigure {
  const intervals = options.intervals ?? DEFAULT_INTERVALS;
  const alphas = series.flatMap((s) => s.points.map((p) => p.alpha));
  const range = { min: alphas.length ? Math.min(...alphas) : 0, max: alphas.length ? Math.max(...alphas) : 1 };
  const several = series.length > 1;
  const colour = (i: number) => LINE_COLOURS[i % LINE_COLOURS.length]!;
  const data: Data[] = [];
  if (intervals === 'ellipses') series.forEach((s, i) => data.push(ellipseTrace(s, colour(i), i === 0, options.log)));
  series.forEach((s, i) => data.push(...segmentTraces(s, colour(i), several)));
  series.forEach((s, i) => data.push(paretoTrace(s, i === 0)));
  data.push(...endpointLegend(series));
  const scale = options.sizeBy && sizeScale([...options.sizeBy.values()].flatMap((m) => [...m.values()]));
  series.forEach((s, i) => {
    const values = options.sizeBy?.get(s.key);
    const size = scale && values ? (id: number) => scale(values.get(id)) : undefined;
    data.push(pointTrace(s, colour(i), range, i === 0, intervals === 'bars', size));
  });
  const axis = (which: 'x' | 'y', title: string) => ({
    title: { text: title, standoff: 8 },
    zeroline: false,
    type: options.log ? ('log' as const) : ('linear' as const),
    automargin: true,
    ...axisTicks('percent', options.log, positiveExtent(data, which)),
  });
  return {
    data,
    highlightShapes: series.length,
    plotted: alphas.length,
    layout: {
      autosize: true,
      height: FRONTIER_HEIGHT,
      margin: { l: 64, r: 10, t: 10, b: 10 },
      xaxis: axis('x', 'Correctness-failure rate (WA, RE, CE, OLE)'),
      yaxis: axis('y', 'Optimization-failure rate (TLE, MLE)'),
      legend: { orientation: 'h', x: 0, y: -0.12, yanchor: 'top', font: { size: 11 } },
      hovermode: 'closest',
      shapes: series.map(() => highlightShape()),
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}
