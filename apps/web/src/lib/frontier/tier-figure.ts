import type { Interval, TierShares } from '@frontier/core';
import type { Data, Layout } from 'plotly.js';
import { axisTicks } from '../plots/axis-ticks';
import type { SeriesModel } from './frontier-model';

/** A checkpoint on the alpha line with its shares by class and first failing tier. */
export interface TierPoint {
  alpha: number;
  name: string;
  failTiers: Pick<TierShares, 'correctness' | 'optimization'>;
}

/** A series' points that have tier shares. */
export function seriesTierPoints(series: SeriesModel): TierPoint[] {
  return series.points.flatMap((p) => (p.failTiers ? [{ alpha: p.alpha, name: p.name, failTiers: p.failTiers }] : []));
}

// Where along the tiers programs first fail, against alpha: correctness failures (left) and
// optimization failures (right), one line per tier. Tiers are the coverage levels, by input size,
// so the paper's claim reads directly: raising coverage (towards the high-coverage endpoint)
// moves failures from the large-input tiers' time and memory limits to wrong answers.

/** Tier t of k, light (small inputs) to dark (large inputs), in the class's hue. */
function tierColour(hue: 'correctness' | 'optimization', t: number, k: number): string {
  const light = k <= 1 ? 45 : 72 - (t * 44) / (k - 1);
  return hue === 'correctness' ? `hsl(24, 85%, ${light}%)` : `hsl(212, 70%, ${light}%)`;
}

export const TIER_CLASSES = [
  { key: 'correctness', title: 'Correctness failures (WA, RE, CE, OLE)', axis: '' },
  { key: 'optimization', title: 'Optimization failures (TLE, MLE)', axis: '2' },
] as const;

export function tierLabel(t: number, k: number): string {
  return `tier ${t + 1}${t === 0 ? ' (smallest inputs)' : t === k - 1 ? ' (largest)' : ''}`;
}

/** The two panels for k tiers; both share the y axis so heights compare across classes. */
export function tierFigure(
  points: readonly TierPoint[],
  k: number,
): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const x = points.map((p) => p.alpha);
  let top = 0;
  const data: Data[] = TIER_CLASSES.flatMap(({ key, title, axis }) =>
    Array.from({ length: k }, (_, t): Data => {
      const iv: Interval[] = points.map((p) => p.failTiers[key][t]!);
      for (const i of iv) top = Math.max(top, i.hi);
      return {
        type: 'scatter',
        mode: 'lines+markers',
        name: tierLabel(t, k),
        legendgroup: key,
        ...(t === 0 ? { legendgrouptitle: { text: title.split(' (')[0]! } } : {}),
        xaxis: `x${axis}`,
        yaxis: `y${axis}`,
        x,
        y: iv.map((i) => i.estimate),
        error_y: {
          type: 'data',
          symmetric: false,
          array: iv.map((i) => i.hi - i.estimate),
          arrayminus: iv.map((i) => i.estimate - i.lo),
          thickness: 1,
          width: 2,
        },
        line: { color: tierColour(key, t, k), width: 2 },
        marker: { color: tierColour(key, t, k), size: 5 },
        customdata: iv.map((i) => [i.lo, i.hi]),
        hovertemplate: `${title.split(' (')[0]} first in tier ${t + 1}: %{y:.1%} [%{customdata[0]:.1%}, %{customdata[1]:.1%}] at α = %{x}<extra></extra>`,
      };
    }),
  );
  const range = [0, Math.min(1, Math.max(0.05, top * 1.08))];
  const yaxis = { range, ...axisTicks('percent'), zeroline: false };
  return {
    data,
    plotted: points.length,
    layout: {
      autosize: true,
      height: 300,
      margin: { l: 60, r: 10, t: 30, b: 45 },
      grid: { rows: 1, columns: 2, pattern: 'independent' },
      xaxis: { title: { text: 'alpha' }, zeroline: false, domain: [0, 0.46] },
      xaxis2: { title: { text: 'alpha' }, zeroline: false, domain: [0.54, 1] },
      yaxis: { ...yaxis, title: { text: 'Share of samples' } },
      yaxis2: { ...yaxis, anchor: 'x2' },
      annotations: TIER_CLASSES.map(({ title, axis }) => ({
        text: title,
        showarrow: false,
        xref: `x${axis} domain` as 'x domain',
        yref: 'paper',
        x: 0.5,
        y: 1.08,
        font: { size: 12 },
      })),
      legend: { orientation: 'v', x: 1.02, y: 1, groupclick: 'toggleitem', tracegroupgap: 8 },
      hovermode: 'closest',
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: '#fbfbfd',
    },
  };
}

/** The plotted numbers: one row per (alpha, class, tier), plus the failures without a tier. */
export function tierRows(series: SeriesModel) {
  const k = series.tiers;
  return {
    header: ['alpha', 'checkpoint', 'class', 'tier', 'share', 'share_lo', 'share_hi', 'untiered_share', 'problems'],
    rows: series.points.flatMap((p) =>
      p.failTiers === null
        ? []
        : TIER_CLASSES.flatMap(({ key }) =>
            Array.from({ length: k }, (_, t) => {
              const i = p.failTiers![key][t]!;
              return [
                p.alpha,
                p.name,
                key,
                t + 1,
                i.estimate,
                i.lo,
                i.hi,
                p.failTiers!.untiered,
                p.failTiers!.problems,
              ];
            }),
          ),
    ),
  };
}
