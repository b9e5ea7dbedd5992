import { describe, expect, it } from 'vitest';
import { buildMatrix, filterRows, matrixCsv, matrixDifferences, sortRows } from './matrix';
import type { SolvedRule, StudyData } from '@frontier/core';

const RATE: SolvedRule = { kind: 'rate', tau: 0.5 };
const ANY: SolvedRule = { kind: 'any' };

/** A study with the given c/n per problem (rows) and alpha (columns); n = -1 means no data. */
function study(alphas: number[], cells: [number, number][][], difficulties?: string[]): StudyData {
  const P = cells.length;
  const size = alphas.length * P;
  const zero = () => new Array<number>(size).fill(0);
  const counts = {
    n: zero(),
    solved: zero(),
    wa: zero(),
    tle: zero(),
    mle: zero(),
    re: zero(),
    ce: zero(),
    ole: zero(),
    ie: zero(),
  };
  cells.forEach((row, p) =>
    row.forEach(([c, n], a) => {
      counts.solved[a * P + p] = c;
      counts.n[a * P + p] = n;
    }),
  );
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: alphas.map((alpha, i) => ({ id: 10 + i, name: `a${alpha}`, role: 'MERGED', alpha, scale: '7B' })),
    problems: cells.map((_, p) => ({
      id: 100 + p,
      externalId: `p${p}`,
      title: '',
      difficulty: difficulties?.[p] ?? 'medium',
    })),
    counts,
  };
}

describe('buildMatrix', () => {
  it('computes rates and profiles under the solved rule; no data is NaN and skipped', () => {
    const data = study(
      [0, 0.5, 1],
      [
        [
          [0, 64],
          [20, 64],
          [64, 64],
        ],
        [
          [50, 64],
          [5, 64],
          [50, 64],
        ],
        [
          [0, -1],
          [0, 64],
          [0, 0],
        ],
      ],
    );
    const m = buildMatrix(data, RATE);
    expect(m.rows[0]).toMatchObject({ flipAlpha: 1, spread: 1, unstable: false, pattern: '001' });
    expect(m.rows[1]).toMatchObject({ flipAlpha: 1, unstable: true, pattern: '101' });
    expect(m.rows[2]).toMatchObject({ flipAlpha: null, spread: 0, unstable: false, pattern: '-0-' });
    expect(m.rows[2]!.n).toEqual([-1, 64, 0]);
    expect(buildMatrix(data, ANY).rows[0]).toMatchObject({ flipAlpha: 0.5, pattern: '011' });
  });

  it('profiles each scale on its own alpha line', () => {
    const data = study(
      [0, 1, 0, 1],
      [
        [
          [60, 64],
          [2, 64],
          [2, 64],
          [60, 64],
        ],
      ],
    );
    data.checkpoints[2]!.scale = '32B';
    data.checkpoints[3]!.scale = '32B';
    const m = buildMatrix(data, RATE);
    expect(m.groups).toEqual([
      { scale: '7B', start: 0, count: 2 },
      { scale: '32B', start: 2, count: 2 },
    ]);
    // Across the boundary the rates dip and recover, but neither scale alone does.
    expect(m.rows[0]).toMatchObject({ unstable: false, flipAlpha: 1, pattern: '1001' });
  });
});

describe('sortRows and filterRows', () => {
  const data = study(
    [0, 0.5, 1],
    [
      [
        [0, 64],
        [0, 64],
        [64, 64],
      ], // p0: flip 1, spread 1
      [
        [40, 64],
        [41, 64],
        [40, 64],
      ], // p1: flat, no flip
      [
        [0, 64],
        [40, 64],
        [50, 64],
      ], // p2: flip 0.5
      [
        [60, 64],
        [5, 64],
        [60, 64],
      ], // p3: unstable (a dip), flip 1
    ],
    ['hard', 'easy', 'unknown', 'medium'],
  );
  const model = buildMatrix(data, RATE);
  const rows = model.rows;
  const ids = (r: { problem: { externalId: string } }[]) => r.map((x) => x.problem.externalId);

  it('sorts by spread, largest first, ties by problem', () => {
    expect(ids(sortRows(rows, 'spread'))).toEqual(['p0', 'p3', 'p2', 'p1']);
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
  it('filters rows whose rates differ (by q) and unstable rows', () => {
    const q = matrixDifferences(model);
    expect(q[1]!.q).toBeGreaterThan(0.5);
    expect(ids(filterRows(rows, { differs: { q, below: 0.05 } }))).toEqual(['p0', 'p2', 'p3']);
    expect(ids(filterRows(rows, { unstable: true }))).toEqual(['p3']);
    expect(ids(filterRows(rows, {}))).toEqual(['p0', 'p1', 'p2', 'p3']);
  });
  it('writes c/n per checkpoint to CSV, empty without data, with the rule and the tests', () => {
    const m = buildMatrix(
      study(
        [0, 1],
        [
          [
            [1, 2],
            [0, -1],
          ],
        ],
      ),
      ANY,
    );
    const csv = matrixCsv(m, m.rows, matrixDifferences(m));
    expect(csv.header).toEqual([
      'problem',
      'difficulty',
      'a0',
      'a1',
      'solved_rule',
      'solved_at',
      'flip_alpha',
      'unstable',
      'differs_test',
      'differs_p',
      'differs_q',
    ]);
    expect(csv.rows).toEqual([
      ['p0', 'medium', '1/2', '', 'c > 0 (at least one sample passes)', 'a0', '', '0', 'untestable', '', ''],
    ]);
  });
});
