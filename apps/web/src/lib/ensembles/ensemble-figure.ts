import type { Data, Layout } from 'plotly.js';
import { axisTicks } from '../plots/axis-ticks';
import type { CsvTable } from '../csv';
import type { EnsembleView } from './ensemble-view';
import { formatAlpha } from '../format';

const COLOURS = ['#2f5bd3', '#d3542f', '#2f9e5b', '#8a4bd3', '#c49a00', '#1c9bb0', '#b0306b', '#5f6b7a'];

/** pass@k of each member (and the best single when it is not a member) and of the ensemble, on a log k axis. */
export function ensembleFigure(view: EnsembleView): { data: Data[]; layout: Partial<Layout>; points: number } {
  const singles: Data[] = view.singles.map((s, i) => ({
    type: 'scatter',
    mode: 'lines+markers',
    name: `${s.checkpoint.name} (α = ${formatAlpha(s.checkpoint.alpha)})${s.best ? ' · best single' : ''}`,
    x: s.curve.map((p) => p.k),
    y: s.curve.map((p) => p.pass),
    line: {
      color: COLOURS[i % COLOURS.length],
      width: s.best ? 2.5 : 1.5,
      dash: view.members.some((m) => m.id === s.checkpoint.id) ? 'solid' : 'dot',
    },
    marker: { size: 4 },
    hovertemplate: `<b>${s.checkpoint.name}</b><br>pass@%{x} = %{y:.2%}<extra></extra>`,
  }));
  const ensemble: Data = {
    type: 'scatter',
    mode: 'lines+markers',
    name: `ensemble of ${view.members.length}`,
    x: view.ensembleCurve.map((p) => p.k),
    y: view.ensembleCurve.map((p) => p.pass),
    line: { color: '#111', width: 3 },
    marker: { size: 6, symbol: 'diamond' },
    hovertemplate: '<b>ensemble</b><br>budget %{x}: %{y:.2%}<extra></extra>',
  };
  return {
    data: [...singles, ensemble],
    points: view.singles.reduce((s, x) => s + x.curve.length, 0) + view.ensembleCurve.length,
    layout: {
      autosize: true,
      height: 420,
      margin: { l: 60, r: 20, t: 20, b: 60 },
      // Ticks at 1, 2, 5, 10, 20, ...: Plotly's own log ticks label minor digits ("2 3 4 ... 9") that collide.
      xaxis: {
        type: 'log',
        range: [-0.05, Math.log10(Math.max(view.budget, 2)) + 0.05],
        ...axisTicks('number', true, { min: 1, max: Math.max(view.budget, 2) }),
        title: { text: 'k (samples; for the ensemble, the total budget)' },
      },
      yaxis: { title: { text: 'pass@k (mean over problems)' }, ...axisTicks('percent'), rangemode: 'tozero' },
      legend: { orientation: 'h', y: -0.2 },
      shapes: [
        {
          type: 'line',
          xref: 'x',
          yref: 'paper',
          x0: view.budget,
          x1: view.budget,
          y0: 0,
          y1: 1,
          line: { color: '#5f6b7a', dash: 'dash', width: 1 },
        },
      ],
      annotations: [
        {
          text: `B = ${view.budget}`,
          x: Math.log10(view.budget),
          xref: 'x',
          yref: 'paper',
          y: 1,
          showarrow: false,
          xanchor: 'right',
          font: { size: 11, color: '#5f6b7a' },
        },
      ],
      hovermode: 'closest',
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}

/** The plotted numbers: one row per (series, k). */
export function ensembleCsv(view: EnsembleView): CsvTable {
  const rows: CsvTable['rows'] = [];
  for (const s of view.singles)
    for (const p of s.curve)
      rows.push([
        s.best && !view.members.some((m) => m.id === s.checkpoint.id) ? 'best single' : 'single',
        s.checkpoint.id,
        s.checkpoint.name,
        s.checkpoint.alpha,
        p.k,
        p.pass,
      ]);
  for (const p of view.ensembleCurve)
    rows.push([
      'ensemble',
      view.members.map((m) => m.id).join(' '),
      `ensemble (${view.members.map((m) => m.name).join(' + ')})`,
      null,
      p.k,
      p.pass,
    ]);
  return { header: ['series', 'checkpoint_ids', 'name', 'alpha', 'k', 'pass'], rows };
}
