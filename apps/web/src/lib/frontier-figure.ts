import type { Data, Layout, Shape } from 'plotly.js';
import { frontierSegments } from '@frontier/core';
import { LINE_COLOURS } from './line-colours';
import { formatAlpha } from './format';
import type { SeriesModel, SeriesPoint } from './frontier-model';

const ENDPOINT_ROLES = new Set(['LOW', 'HIGH']);
export const HIGHLIGHT_COLOUR = '#d62728';

const HOVER =
  '<b>%{customdata[0]}</b> (%{customdata[4]})<br>α = %{customdata[1]}<br>solve rate %{customdata[2]:.1%}' +
  '<br>correctness failures %{x:.1%}<br>optimization failures %{y:.1%}<br>n = %{customdata[3]:,} samples<extra></extra>';

const isEnd = (p: SeriesPoint) => ENDPOINT_ROLES.has(p.role);

function errorBars(points: readonly SeriesPoint[], axis: 'correctness' | 'optimization', colour: string) {
  return {
    type: 'data' as const,
    symmetric: false,
    array: points.map((p) => p[axis].hi - p[axis].estimate),
    arrayminus: points.map((p) => p[axis].estimate - p[axis].lo),
    color: colour,
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

function pointTrace(s: SeriesModel, colour: string, range: { min: number; max: number }, first: boolean): Data {
  const pts = s.points;
  return {
    type: 'scatter',
    mode: 'text+markers',
    name: `${s.label} checkpoints`,
    showlegend: false,
    x: pts.map((p) => p.correctness.estimate),
    y: pts.map((p) => p.optimization.estimate),
    error_x: errorBars(pts, 'correctness', colour),
    error_y: errorBars(pts, 'optimization', colour),
    text: pts.map((p) => (isEnd(p) ? `${p.role}${p.scale ? ` ${p.scale}` : ''}` : '')),
    textposition: 'top center',
    textfont: { size: 12, color: '#1d2330' },
    customdata: pts.map((p) => [p.name, formatAlpha(p.alpha), p.solve.estimate, p.n, s.label]),
    hovertemplate: HOVER,
    marker: {
      color: pts.map((p) => p.alpha),
      colorscale: 'Viridis',
      cmin: range.min,
      cmax: range.max,
      showscale: first,
      colorbar: { title: { text: 'alpha' }, thickness: 14 },
      size: pts.map((p) => (isEnd(p) ? 17 : 11)),
      symbol: pts.map((p) => (isEnd(p) ? 'diamond' : 'circle')),
      line: { color: pts.map((p) => (isEnd(p) ? '#111' : '#fff')), width: pts.map((p) => (isEnd(p) ? 2 : 1)) },
    },
  } as Data;
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
 * draws without recomputing any trace (the axes' ranges are frozen after the first draw).
 */
function highlightShape(): Partial<Shape> {
  return {
    type: 'circle', xref: 'x', yref: 'y', xsizemode: 'pixel', ysizemode: 'pixel', x0: -15, x1: 15, y0: -15, y1: 15,
    xanchor: 0, yanchor: 0, visible: false, line: { color: HIGHLIGHT_COLOUR, width: 3 }, layer: 'above',
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

/**
 * x = correctness-failure rate, y = optimization-failure rate, one line per series joined in
 * alpha order, 95% bootstrap intervals as error bars, the Pareto set ringed, and the selected
 * alpha marked by the last trace.
 */
export function frontierFigure(series: readonly SeriesModel[], options: { log: boolean; alpha?: number }): FrontierFigure {
  const alphas = series.flatMap((s) => s.points.map((p) => p.alpha));
  const range = { min: alphas.length ? Math.min(...alphas) : 0, max: alphas.length ? Math.max(...alphas) : 1 };
  const several = series.length > 1;
  const data: Data[] = [];
  series.forEach((s, i) => data.push(...segmentTraces(s, LINE_COLOURS[i % LINE_COLOURS.length]!, several)));
  series.forEach((s, i) => data.push(paretoTrace(s, i === 0)));
  series.forEach((s, i) => data.push(pointTrace(s, LINE_COLOURS[i % LINE_COLOURS.length]!, range, i === 0)));
  const axisType = options.log ? 'log' : 'linear';
  return {
    data,
    highlightShapes: series.length,
    plotted: alphas.length,
    layout: {
      autosize: true,
      height: 480,
      margin: { l: 70, r: 20, t: 20, b: 60 },
      xaxis: { title: { text: 'Correctness-failure rate (WA, RE, CE, OLE)' }, tickformat: options.log ? '.1%' : '.0%', zeroline: false, type: axisType },
      yaxis: { title: { text: 'Optimization-failure rate (TLE, MLE)' }, tickformat: options.log ? '.1%' : '.0%', zeroline: false, type: axisType },
      legend: { orientation: 'h', y: -0.18 },
      hovermode: 'closest',
      shapes: series.map(() => highlightShape()),
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
      annotations: [
        { text: '← lower-left is better', xref: 'paper', yref: 'paper', x: 0, y: 1, showarrow: false, xanchor: 'left', font: { color: '#5f6b7a', size: 11 } },
      ],
    },
  };
}
