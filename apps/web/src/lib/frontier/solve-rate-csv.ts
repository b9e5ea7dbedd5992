import { intervalText, type Refinement } from '@frontier/core';
import type { CsvTable } from '../csv';
import type { SeriesModel } from './frontier-model';
import { clamp01, surrogateAt } from './suggestion-figure';

// The "Solve rate against alpha" plot as CSV: what it draws, one row per mark. Always the solve
// rate of every checkpoint; with the suggestion panel open also the surrogate over its window (as
// drawn: the band clipped to [0, 1]), the proposals with their kind and reason, and the best alpha
// with its interval. `row` says which; `metric` what `value` is.

const HEADER = [
  'row',
  'series',
  'checkpoint',
  'alpha',
  'metric',
  'value',
  'value_lo',
  'value_hi',
  'alpha_lo',
  'alpha_hi',
  'n',
  'collapsed',
  'kind',
  'reason',
];

/** `curveSeries` is the line the refinement read (its collapsed checkpoints are flagged). */
export function solveRateCsv(
  series: readonly SeriesModel[],
  r: Refinement | null,
  curveSeries?: SeriesModel,
): CsvTable {
  const rows: CsvTable['rows'] = series.flatMap((s) =>
    s.points.map((p) => {
      const collapsed = r && s === curveSeries ? (r.collapsed.includes(p.alpha) ? 1 : 0) : null;
      return [
        'checkpoint',
        s.label,
        p.name,
        p.alpha,
        'solve rate (pass@1)',
        p.solve.estimate,
        p.solve.lo,
        p.solve.hi,
        null,
        null,
        p.n,
        collapsed,
        null,
        null,
      ];
    }),
  );
  if (!r) return { header: HEADER, rows };
  const label = curveSeries?.label ?? null;
  const surrogate = `surrogate pass@${r.k}`;
  for (const c of r.curve)
    rows.push([
      'surrogate',
      label,
      null,
      c.alpha,
      surrogate,
      c.mean,
      clamp01(c.lo),
      clamp01(c.hi),
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  for (const s of r.suggestions)
    rows.push([
      'proposal',
      label,
      null,
      s.alpha,
      surrogate,
      surrogateAt(r.curve, s.alpha),
      null,
      null,
      null,
      null,
      null,
      null,
      s.kind,
      s.reason,
    ]);
  const b = r.best;
  if (b) {
    const reason = `95% bootstrap interval ${intervalText(b)}${b.beyond ? `; open interval: ${b.beyond}` : ''}`;
    rows.push([
      'best',
      label,
      null,
      b.alpha,
      surrogate,
      b.passAtK,
      b.passLo,
      b.passHi,
      b.lo,
      b.hi,
      null,
      null,
      null,
      reason,
    ]);
  }
  return { header: HEADER, rows };
}
