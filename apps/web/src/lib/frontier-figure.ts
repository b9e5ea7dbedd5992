import type { Data, Layout } from 'plotly.js';
import { endpointsOf, LINE_COLOURS, linesByScale, scaleLabel } from './alpha-line';
import type { FrontierPoint } from './api-types';
import { frontierSegments } from '@frontier/core';

const ENDPOINT_ROLES = new Set(['LOW', 'HIGH']);

const HOVER =
  '<b>%{customdata[0]}</b><br>α = %{customdata[1]}<br>solve rate %{customdata[2]:.1%}' +
  '<br>correctness failures %{x:.1%}<br>optimization failures %{y:.1%}<br>n = %{customdata[3]:,} samples<extra></extra>';

/** One trace per segment: Plotly cannot change the dash style within a trace. */
function segmentTraces(points: readonly FrontierPoint[]): Data[] {
  const lines = linesByScale(points);
  const several = lines.size > 1;
  const shownInLegend = new Set<string>();
  const traces: Data[] = [];
  [...lines].forEach(([scale, line], i) => {
    const plane = line.map((p) => ({ ...p, x: p.correctnessRate, y: p.optimizationRate }));
    for (const seg of frontierSegments(plane, endpointsOf(line))) {
      const legend = several ? `${scaleLabel(scale)} ${seg.kind}` : seg.kind;
      traces.push({
        type: 'scatter',
        mode: 'lines',
        x: [seg.from.x, seg.to.x],
        y: [seg.from.y, seg.to.y],
        line: { color: LINE_COLOURS[i % LINE_COLOURS.length], width: 2, dash: seg.kind === 'interpolation' ? 'solid' : 'dash' },
        name: seg.kind === 'interpolation' ? `${legend} (between endpoints)` : `${legend} (beyond endpoints)`,
        legendgroup: legend,
        showlegend: !shownInLegend.has(legend),
        hoverinfo: 'skip',
      });
      shownInLegend.add(legend);
    }
  });
  return traces;
}

/** The checkpoints: coloured by alpha, endpoints as labelled diamonds. */
function pointTrace(points: readonly FrontierPoint[]): Data {
  const alphas = points.flatMap((p) => (p.alpha === null ? [] : [p.alpha]));
  const isEnd = (p: FrontierPoint) => ENDPOINT_ROLES.has(p.role);
  return {
    type: 'scatter',
    mode: 'text+markers',
    name: 'checkpoints',
    showlegend: false,
    x: points.map((p) => p.correctnessRate),
    y: points.map((p) => p.optimizationRate),
    text: points.map((p) => (isEnd(p) ? `${p.role}${p.scale ? ` ${p.scale}` : ''}` : '')),
    textposition: 'top center',
    textfont: { size: 12, color: '#1d2330' },
    customdata: points.map((p) => [p.name, p.alpha === null ? 'n/a' : String(p.alpha), p.solveRate, p.n]),
    hovertemplate: HOVER,
    marker: {
      // Checkpoints off the alpha line (no alpha) are grey.
      color: points.map((p) => p.alpha ?? Number.NaN),
      colorscale: 'Viridis',
      cmin: alphas.length > 0 ? Math.min(...alphas) : 0,
      cmax: alphas.length > 0 ? Math.max(...alphas) : 1,
      showscale: true,
      colorbar: { title: { text: 'alpha' }, thickness: 14 },
      size: points.map((p) => (isEnd(p) ? 17 : 11)),
      symbol: points.map((p) => (isEnd(p) ? 'diamond' : 'circle')),
      line: { color: points.map((p) => (isEnd(p) ? '#111' : '#fff')), width: points.map((p) => (isEnd(p) ? 2 : 1)) },
    },
  } as Data;
}

/** Scatter of x = correctness-failure rate, y = optimization-failure rate, joined in alpha order. */
export function frontierFigure(points: readonly FrontierPoint[]): { data: Data[]; layout: Partial<Layout> } {
  return {
    data: [...segmentTraces(points), pointTrace(points)],
    layout: {
      autosize: true,
      height: 460,
      margin: { l: 70, r: 20, t: 20, b: 60 },
      xaxis: { title: { text: 'Correctness-failure rate (WA, RE, CE, OLE)' }, tickformat: '.0%', zeroline: false },
      yaxis: { title: { text: 'Optimization-failure rate (TLE, MLE)' }, tickformat: '.0%', zeroline: false },
      legend: { orientation: 'h', y: -0.18 },
      hovermode: 'closest',
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
      annotations: [
        { text: '← lower-left is better', xref: 'paper', yref: 'paper', x: 0, y: 1, showarrow: false, xanchor: 'left', font: { color: '#5f6b7a', size: 11 } },
      ],
    },
  };
}
