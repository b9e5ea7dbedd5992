import type { Data, Layout, Shape } from 'plotly.js';
import { endpointsOf, LINE_COLOURS, linesByScale, scaleLabel } from './alpha-line';
import type { FrontierPoint } from './api-types';

/** Solve rate against alpha, one line per model scale, the interpolation range shaded. */
export function solveRateFigure(points: readonly FrontierPoint[]): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const lines = [...linesByScale(points)];
  const data: Data[] = lines.map(([scale, line], i) => ({
    type: 'scatter',
    mode: 'lines+markers',
    name: scaleLabel(scale),
    x: line.map((p) => p.alpha),
    y: line.map((p) => p.solveRate),
    customdata: line.map((p) => [p.name, p.n]),
    hovertemplate: '<b>%{customdata[0]}</b><br>α = %{x}<br>solve rate %{y:.1%}<br>n = %{customdata[1]:,} samples<extra></extra>',
    line: { color: LINE_COLOURS[i % LINE_COLOURS.length], width: 2 },
    marker: { size: line.map((p) => (p.role === 'LOW' || p.role === 'HIGH' ? 12 : 7)), symbol: line.map((p) => (p.role === 'LOW' || p.role === 'HIGH' ? 'diamond' : 'circle')) },
  }));
  const first = lines[0]?.[1];
  const ends = first ? endpointsOf(first) : { lo: 0, hi: 1 };
  const shapes: Partial<Shape>[] = [
    { type: 'rect', xref: 'x', yref: 'paper', x0: Math.min(ends.lo, ends.hi), x1: Math.max(ends.lo, ends.hi), y0: 0, y1: 1, fillcolor: '#2f5bd3', opacity: 0.07, line: { width: 0 }, layer: 'below' },
  ];
  return {
    data,
    plotted: lines.reduce((sum, [, line]) => sum + line.length, 0),
    layout: {
      autosize: true,
      height: 460,
      margin: { l: 60, r: 20, t: 20, b: 60 },
      xaxis: { title: { text: 'alpha (shaded: between the trained endpoints)' }, zeroline: false },
      yaxis: { title: { text: 'Solve rate (pass@1)' }, tickformat: '.0%', rangemode: 'tozero' },
      showlegend: lines.length > 1,
      legend: { orientation: 'h', y: -0.18 },
      shapes,
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}
