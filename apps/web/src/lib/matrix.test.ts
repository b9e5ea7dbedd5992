import { describe, expect, it } from 'vitest';
import { buildMatrix, filterRows, matrixCsv, sortRows } from './matrix';
import type { StudyData } from '@frontier/core';

/** A study with the given c/n per problem (rows) and alpha (columns); n = -1 means no data. */
function study(alphas: number[], cells: [number, number][][], difficulties?: string[]): StudyData {
  const P = cells.length;
  const size = alphas.length * P;
  const zero = () => new Array<number>(size).fill(0);
  const counts = { n: zero(), solved: zero(), wa: zero(), tle: zero(), mle: zero(), re: zero(), ce: zero(), ole: zero(), ie: zero() };
  cells.forEach((row, p) => row.forEach(([c, n], a) => { counts.solved[a * P + p] = c; counts.n[a * P + p] = n; }));
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: alphas.map((alpha, i) => ({ id: 10 + i, name: `a${alpha}`, role: 'MERGED', alpha, scale: '7B' })),
    problems: cells.map((_, p) => ({ id: 100 + p, externalId: `p${p}`, title: '', difficulty: difficulties?.[p] ?? 'medium' })),
    counts,
  };
}

describe('buildMatrix', () => {
  it('computes rates and profiles; no data is NaN and skipped', () => {
    const m = buildMatrix(study([0, 0.5, 1], [[[0, 4], [2, 4], [4, 4]], [[1, 4], [0, 4], [1, 4]], [[0, -1], [0, 4], [0, 0]]]));
    expect(m.rows[0]).toMatchObject({ flipAlpha: 0.5, spread: 1, differs: true, unstable: false, pattern: '011' });
    expect(m.rows[1]).toMatchObject({ flipAlpha: 1, differs: true, unstable: true, pattern: '101' });
    expect(m.rows[1]!.spread).toBeCloseTo(0.25);
    expect(m.rows[2]).toMatchObject({ flipAlpha: null, spread: 0, differs: false, unstable: false, pattern: '-0-' });
    expect(m.rows[2]!.n).toEqual([-1, 4, 0]);
  });

  it('profiles each scale on its own alpha line', () => {
    const data = study([0, 1, 0, 1], [[[1, 2], [0, 2], [0, 2], [1, 2]]]);
    data.checkpoints[2]!.scale = '32B';
    data.checkpoints[3]!.scale = '32B';
    const m = buildMatrix(data);
    expect(m.groups).toEqual([{ scale: '7B', start: 0, count: 2 }, { scale: '32B', start: 2, count: 2 }]);
    // Across the boundary the pattern is 1001, but neither scale alone is unstable.
    expect(m.rows[0]).toMatchObject({ unstable: false, differs: true, flipAlpha: 1, spread: 0.5 });
  });
});

describe('sortRows and filterRows', () => {
  const data = study(
    [0, 0.5, 1],
    [
      [[0, 4], [0, 4], [4, 4]], // p0: flip 1, spread 1
      [[1, 4], [1, 4], [1, 4]], // p1: flat, no flip
      [[0, 4], [2, 4], [3, 4]], // p2: flip 0.5, spread .75
      [[2, 4], [0, 4], [2, 4]], // p3: unstable, flip 1, spread .5
    ],
    ['hard', 'easy', 'unknown', 'medium'],
  );
  const rows = buildMatrix(data).rows;
  const ids = (r: { problem: { externalId: string } }[]) => r.map((x) => x.problem.externalId);

  it('sorts by spread, largest first, ties by problem', () => {
    expect(ids(sortRows(rows, 'spread'))).toEqual(['p0', 'p2', 'p3', 'p1']);
  });
  it('sorts by flip alpha, rows without a flip last', () => {
    expect(ids(sortRows(rows, 'flip'))).toEqual(['p2', 'p0', 'p3', 'p1']);
  });
  it('sorts by difficulty rank then name', () => {
    expect(ids(sortRows(rows, 'difficulty'))).toEqual(['p1', 'p3', 'p0', 'p2']);
  });
  it('clusters by solved pattern', () => {
    // Most solved checkpoints first (p1: 3), then patterns with lower alphas solved first (101 before 011).
    expect(ids(sortRows(rows, 'cluster'))).toEqual(['p1', 'p3', 'p2', 'p0']);
  });
  it('does not change its input', () => {
    sortRows(rows, 'spread');
    expect(ids(rows)).toEqual(['p0', 'p1', 'p2', 'p3']);
  });
  it('filters differs and unstable rows', () => {
    expect(ids(filterRows(rows, { differs: true }))).toEqual(['p0', 'p2', 'p3']);
    expect(ids(filterRows(rows, { unstable: true }))).toEqual(['p3']);
    expect(ids(filterRows(rows, {}))).toEqual(['p0', 'p1', 'p2', 'p3']);
  });
  it('writes c/n per checkpoint to CSV, empty without data', () => {
    const m = buildMatrix(study([0, 1], [[[1, 2], [0, -1]]]));
    expect(matrixCsv(m, m.rows)).toEqual({ header: ['problem', 'difficulty', 'a0', 'a1'], rows: [['p0', 'medium', '1/2', '']] });
  });
});
