import type { Data, Layout, Shape } from 'plotly.js';
import { axisTicks } from '../plots/axis-ticks';
import { LINE_COLOURS } from '../plots/line-colours';
import { HIGHLIGHT_COLOUR } from './frontier-figure';
import type { SeriesModel } from './frontier-model';
import { isEndpointRole } from '@frontier/core';

/** The vertical line at the selected alpha; an alpha step moves it with one relayout. */
export function alphaMarker(alpha: number | undefined): Partial<Shape> {
  return {
    type: 'line',
    xref: 'x',
    yref: 'paper',
    x0: alpha ?? 0,
    x1: alpha ?? 0,
    y0: 0,
    y1: 1,
    line: { color: HIGHLIGHT_COLOUR, width: 2, dash: 'dot' },
    visible: alpha !== undefined,
  };
}

export function interpolationBand(series: readonly SeriesModel[]): Partial<Shape> {
  const ends = series[0]?.endpoints ?? { lo: 0, hi: 1 };
  return {
    type: 'rect',
    xref: 'x',
    yref: 'paper',
    x0: Math.min(ends.lo, ends.hi),
    x1: Math.max(ends.lo, ends.hi),
    y0: 0,
    y1: 1,
    fillcolor: '#2f5bd3',
    opacity: 0.07,
    line: { width: 0 },
    layer: 'below',
  };
}

/** Solve rate against alpha with 95% bootstrap intervals, one line per series, the interpolation range shaded. */
export function solveRateFigure(
  series: readonly SeriesModel[],
  alpha?: number,
): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const data: Data[] = series.map((s, i) => ({
    type: 'scatter',
    mode: 'lines+markers',
    name: s.label,
    x: s.points.map((p) => p.alpha),
    y: s.points.map((p) => p.solve.estimate),
    error_y: {
      type: 'data',
      symmetric: false,
      array: s.points.map((p) => p.solve.hi - p.solve.estimate),
      arrayminus: s.points.map((p) => p.solve.estimate - p.solve.lo),
      thickness: 1,
      width: 3,
    },
    customdata: s.points.map((p) => [p.name, p.n, p.solve.lo, p.solve.hi]),
    hovertemplate:
      '<b>%{customdata[0]}</b><br>α = %{x}<br>solve rate %{y:.1%} (95% CI %{customdata[2]:.1%}–%{customdata[3]:.1%})<br>n = %{customdata[1]:,} samples<extra></extra>',
    line: { color: LINE_COLOURS[i % LINE_COLOURS.length], width: 2 },
    marker: {
      size: s.points.map((p) => (isEndpointRole(p.role) ? 12 : 7)),
      symbol: s.points.map((p) => (isEndpointRole(p.role) ? 'diamond' : 'circle')),
    },
  }));
  return {
    data,
    plotted: series.reduce((sum, s) => sum + s.points.length, 0),
    layout: {
      autosize: true,
      height: 330,
      margin: { l: 56, r: 10, t: 10, b: 10 },
      xaxis: {
        title: { text: 'alpha (shaded: between the trained endpoints)', standoff: 8 },
        zeroline: false,
        automargin: true,
      },
      yaxis: {
        title: { text: 'Solve rate (pass@1)', standoff: 8 },
        automargin: true,
        rangemode: 'tozero',
        ...axisTicks('percent'),
      },
      showlegend: series.length > 1,
      legend: { orientation: 'h', y: -0.18 },
      // shapes[0] is the alpha marker (moved on every step), shapes[1] the band.
      shapes: [alphaMarker(alpha), interpolationBand(series)],
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}
