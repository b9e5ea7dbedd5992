import type { Data, Layout } from 'plotly.js';
import { axisTicks } from '../plots/axis-ticks';
import { BREAKDOWN_VERDICTS, type BreakdownVerdict, type SeriesModel } from './frontier-model';
import { alphaMarker } from './solve-rate-figure';

// Correctness failures in warm colours, optimization failures in cool ones, solved in green.
const COLOURS: Record<'solved' | BreakdownVerdict, string> = {
  solved: '#2e8b57',
  WA: '#d95f02',
  RE: '#e7298a',
  CE: '#a6761d',
  OLE: '#e6ab02',
  TLE: '#1f78b4',
  MLE: '#6a3d9a',
};
const LABELS: Record<'solved' | BreakdownVerdict, string> = {
  solved: 'solved (AC)',
  WA: 'WA wrong answer',
  RE: 'RE runtime error',
  CE: 'CE compile error',
  OLE: 'OLE output limit',
  TLE: 'TLE time limit',
  MLE: 'MLE memory limit',
};
export const STACK_ORDER = ['solved', ...BREAKDOWN_VERDICTS] as const;

/** Stacked shares per alpha (means over problems of per-problem fractions): the stack sums to 1. */
export function verdictFigure(
  series: SeriesModel,
  alpha?: number,
): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const x = series.points.map((p) => p.alpha);
  const data: Data[] = STACK_ORDER.map((v) => ({
    type: 'scatter',
    mode: 'lines',
    name: LABELS[v],
    x,
    y: series.points.map((p) => p.shares[v]),
    stackgroup: 'verdicts',
    line: { color: COLOURS[v], width: 0.5 },
    fillcolor: COLOURS[v],
    hovertemplate: `${LABELS[v]}: %{y:.1%} at α = %{x}<extra></extra>`,
  }));
  return {
    data,
    plotted: x.length,
    layout: {
      autosize: true,
      height: 280,
      margin: { l: 60, r: 20, t: 10, b: 50 },
      xaxis: { title: { text: 'alpha' }, zeroline: false },
      yaxis: { title: { text: 'Share (mean over problems)' }, range: [0, 1], ...axisTicks('percent') },
      legend: { orientation: 'v', traceorder: 'reversed' },
      hovermode: 'x unified',
      shapes: [alphaMarker(alpha)],
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}
