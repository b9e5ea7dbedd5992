import { suggestAlphas } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../csv';
import { buildSeries } from './frontier-model';
import { solveRateCsv } from './solve-rate-csv';
import { parabolaStudy } from './suggest-fixture';
import { suggestionSource } from '../suggest/suggestions';

const ALPHAS = [-1, -0.5, 0, 0.5, 1, 1.5, 2];
const datasets = [{ setting: null, data: parabolaStudy(ALPHAS) }];
const [series] = buildSeries(datasets, { replicates: 20 });
const source = suggestionSource(datasets, undefined);
const refinement = suggestAlphas(source.ok ? source.points : [], { k: 1, count: 3 });

describe('the solve-rate plot as CSV', () => {
  it('without the panel: the solve rate of each checkpoint, nothing of the frontier', () => {
    const table = solveRateCsv([series!], null);
    expect(table.header).not.toContain('correctness_rate');
    expect(table.rows.map((r) => [r[0], r[3], r[5]])).toEqual(
      series!.points.map((p) => ['checkpoint', p.alpha, p.solve.estimate]),
    );
    expect(table.rows.every((r) => r[11] === null)).toBe(true);
  });

  it('with the panel: also the surrogate over its window, the proposals with kind and reason, and the best alpha', () => {
    const table = solveRateCsv([series!], refinement, series);
    const col = (name: string) => table.header.indexOf(name);
    const of = (row: string) => table.rows.filter((r) => r[0] === row);
    // The parabola falls below half its best at -1, -0.5 and 2: flagged collapsed, and the surrogate stays off them.
    expect(refinement.collapsed).toEqual([-1, -0.5, 2]);
    expect(
      of('checkpoint')
        .filter((r) => r[col('collapsed')] === 1)
        .map((r) => r[col('alpha')]),
    ).toEqual([-1, -0.5, 2]);
    const surrogate = of('surrogate');
    expect(surrogate.map((r) => r[col('alpha')])).toEqual(refinement.curve.map((c) => c.alpha));
    expect(surrogate[0]![col('alpha')]).toBe(0);
    expect(surrogate.at(-1)![col('alpha')]).toBe(1.5);
    expect(surrogate.every((r) => (r[col('value_lo')] as number) <= (r[col('value')] as number))).toBe(true);
    expect(of('proposal').map((r) => [r[col('alpha')], r[col('kind')], r[col('reason')]])).toEqual(
      refinement.suggestions.map((s) => [s.alpha, s.kind, s.reason]),
    );
    const [best] = of('best');
    expect([best![col('alpha')], best![col('alpha_lo')], best![col('alpha_hi')], best![col('value')]]).toEqual([
      refinement.best!.alpha,
      refinement.best!.lo,
      refinement.best!.hi,
      refinement.best!.passAtK,
    ]);
    expect(best![col('metric')]).toBe('surrogate pass@1');
    // Reasons hold commas: quoted, so the file still parses into the same columns.
    expect(toCsv(table).split('\r\n')[0]).toBe(table.header.join(','));
  });
});
