import type { Data, Layout } from 'plotly.js';
import type { FailureClass, Interval, LengthUnit } from '@frontier/core';
import { LINE_COLOURS } from '../plots/line-colours';
import type { SeriesModel } from './frontier-model';
import type { LengthPoint, LengthSeries } from './length-model';
import { alphaMarker, interpolationBand } from './solve-rate-figure';

export const UNIT_LABELS: Record<LengthUnit, string> = { chars: 'characters', tokens: 'tokens' };

const CLASS_LINES: { cls: FailureClass; label: string; colour: string }[] = [
  { cls: 'SOLVED', label: 'solved', colour: '#0f766e' },
  { cls: 'CORRECTNESS', label: 'correctness failures', colour: '#c2410c' },
  { cls: 'OPTIMIZATION', label: 'optimization failures', colour: '#7c3aed' },
];
// Series tell apart by dash, classes by colour.
const SERIES_DASHES = ['solid', 'dash', 'dot', 'dashdot'];

const bars = (pts: LengthPoint[], pick: (p: LengthPoint) => Interval) => ({
  type: 'data' as const,
  symmetric: false,
  array: pts.map((p) => pick(p).hi - pick(p).estimate),
  arrayminus: pts.map((p) => pick(p).estimate - pick(p).lo),
  thickness: 1,
  width: 3,
});

function layout(series: readonly SeriesModel[], unit: LengthUnit, alpha: number | undefined): Partial<Layout> {
  return {
    autosize: true,
    height: 330,
    margin: { l: 56, r: 10, t: 10, b: 10 },
    xaxis: {
      title: { text: 'alpha (shaded: between the trained endpoints)', standoff: 8 },
      zeroline: false,
      automargin: true,
    },
    yaxis: {
      title: { text: `Response length (${UNIT_LABELS[unit]})`, standoff: 8 },
      automargin: true,
      rangemode: 'tozero',
    },
    legend: { orientation: 'h', y: -0.18, font: { size: 11 } },
    // shapes[0] is the alpha marker (moved on every step), as in the solve-rate plot.
    shapes: [alphaMarker(alpha), interpolationBand(series)],
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: '#fbfbfd',
  };
}

/** Mean (solid, with 95% intervals) and median (dotted, with 95% intervals) length against alpha, per series. */
export function lengthFigure(
  series: readonly SeriesModel[],
  lengths: readonly LengthSeries[],
  unit: LengthUnit,
  alpha?: number,
): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const several = lengths.length > 1;
  const data: Data[] = lengths.flatMap((s, i) => {
    const colour = LINE_COLOURS[i % LINE_COLOURS.length];
    const name = (what: string) => (several ? `${s.label}: ${what}` : what);
    const x = s.points.map((p) => p.alpha);
    const custom = s.points.map((p) => [p.name, p.problems, p.mean.lo, p.mean.hi, p.median.lo, p.median.hi]);
    return [
      {
        type: 'scatter',
        mode: 'lines+markers',
        name: name('mean'),
        x,
        y: s.points.map((p) => p.mean.estimate),
        error_y: bars(s.points, (p) => p.mean),
        customdata: custom,
        hovertemplate: `<b>%{customdata[0]}</b><br>α = %{x}<br>mean %{y:,.0f} ${UNIT_LABELS[unit]} (95% CI %{customdata[2]:,.0f}–%{customdata[3]:,.0f})<br>%{customdata[1]} problems<extra></extra>`,
        line: { color: colour, width: 2 },
        marker: { size: 6 },
      },
      {
        type: 'scatter',
        mode: 'lines+markers',
        name: name('median'),
        x,
        y: s.points.map((p) => p.median.estimate),
        error_y: bars(s.points, (p) => p.median),
        customdata: custom,
        hovertemplate: `<b>%{customdata[0]}</b><br>α = %{x}<br>median %{y:,.0f} ${UNIT_LABELS[unit]} (95% CI %{customdata[4]:,.0f}–%{customdata[5]:,.0f})<extra></extra>`,
        line: { color: colour, width: 1.5, dash: 'dot' },
        marker: { size: 5, symbol: 'square' },
      },
    ] as Data[];
  });
  return {
    data,
    plotted: lengths.reduce((n, s) => n + s.points.length, 0),
    layout: layout(series, unit, alpha),
  };
}

/** Mean length of solved samples, correctness failures and optimization failures against alpha, per series. */
export function classLengthFigure(
  series: readonly SeriesModel[],
  lengths: readonly LengthSeries[],
  unit: LengthUnit,
  alpha?: number,
): { data: Data[]; layout: Partial<Layout>; plotted: number } {
  const several = lengths.length > 1;
  const data: Data[] = lengths.flatMap((s, i) =>
    CLASS_LINES.map(({ cls, label, colour }) => {
      const pts = s.points.filter((p) => p.byClass[cls].samples > 0);
      return {
        type: 'scatter',
        mode: 'lines+markers',
        name: several ? `${s.label}: ${label}` : label,
        x: pts.map((p) => p.alpha),
        y: pts.map((p) => p.byClass[cls].mean),
        customdata: pts.map((p) => [p.name, p.byClass[cls].samples]),
        hovertemplate: `<b>%{customdata[0]}</b><br>α = %{x}<br>${label}: mean %{y:,.0f} ${UNIT_LABELS[unit]}<br>over %{customdata[1]:,} samples<extra></extra>`,
        line: { color: colour, width: 2, dash: SERIES_DASHES[i % SERIES_DASHES.length] },
        marker: { size: 5 },
      } as Data;
    }),
  );
  return {
    data,
    plotted: lengths.reduce((n, s) => n + s.points.length, 0),
    layout: layout(series, unit, alpha),
  };
}
