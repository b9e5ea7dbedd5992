import { describe, expect, it } from 'vitest';
import type { CheckpointRole } from '../checkpoint-role';
import { COUNT_FIELDS, type CountField, type StudyData } from '../study-data';
import { alphaPointsOf } from './alpha-points';

type Cell = Partial<Record<CountField, number>>;
interface Row {
  role: CheckpointRole;
  alpha: number | null;
  scale?: string;
  /** One cell per problem; an absent cell has no run data (n = -1). */
  cells: Array<Cell | undefined>;
}

/** A study's data from checkpoint rows of two problems. */
function studyData(rows: Row[]): StudyData {
  const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, [] as number[]])) as StudyData['counts'];
  for (const r of rows)
    for (const cell of r.cells)
      for (const f of COUNT_FIELDS) counts[f].push(cell ? (cell[f] ?? 0) : f === 'n' ? -1 : 0);
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: rows.map((r, i) => ({
      id: i + 1,
      name: `c${i}`,
      role: r.role,
      alpha: r.alpha,
      scale: r.scale ?? '7B',
    })),
    problems: ['a', 'b'].map((id, i) => ({ id: i + 1, externalId: id, title: id, difficulty: 'easy' })),
    counts,
  };
}

describe('alphaPointsOf', () => {
  it('pools the checkpoints at one alpha and splits failures into correctness and optimization', () => {
    const r = alphaPointsOf(
      studyData([
        {
          role: 'MERGED',
          alpha: 0.5,
          cells: [
            { n: 4, solved: 1, wa: 1, re: 1, tle: 1 },
            { n: 2, solved: 2 },
          ],
        },
        { role: 'MERGED', alpha: 0.5, cells: [{ n: 6, solved: 2, ce: 1, ole: 1, mle: 2 }, undefined] },
      ]),
    );
    expect(r).toEqual({
      ok: true,
      scale: '7B',
      points: [
        {
          alpha: 0.5,
          n: Float64Array.from([10, 2]),
          solved: Float64Array.from([3, 2]),
          correctness: Float64Array.from([4, 0]),
          optimization: Float64Array.from([3, 0]),
        },
      ],
    });
  });

  it('puts LOW and HIGH without an alpha at 0 and 1, skips INIT and alpha-less checkpoints, and sorts by alpha', () => {
    const cells = [
      { n: 2, solved: 1, wa: 1 },
      { n: 2, solved: 2 },
    ];
    const r = alphaPointsOf(
      studyData([
        { role: 'MERGED', alpha: 1.5, cells },
        { role: 'HIGH', alpha: null, cells },
        { role: 'INIT', alpha: null, cells },
        { role: 'INIT', alpha: 0.3, cells },
        { role: 'MERGED', alpha: null, cells },
        { role: 'LOW', alpha: null, cells },
      ]),
    );
    expect(r.ok && r.points.map((p) => p.alpha)).toEqual([0, 1, 1.5]);
  });

  it('leaves out alphas without any judged sample', () => {
    const r = alphaPointsOf(
      studyData([
        { role: 'LOW', alpha: 0, cells: [{ n: 2, solved: 1, wa: 1 }, undefined] },
        { role: 'MERGED', alpha: 0.5, cells: [{ n: 0 }, undefined] },
      ]),
    );
    expect(r.ok && r.points.map((p) => p.alpha)).toEqual([0]);
  });

  it('refuses several scales without a choice, naming them, and takes the chosen one only', () => {
    const cells = [
      { n: 2, solved: 1, wa: 1 },
      { n: 2, solved: 2 },
    ];
    const data = studyData([
      { role: 'LOW', alpha: 0, scale: '7B', cells },
      {
        role: 'LOW',
        alpha: 0,
        scale: '32B',
        cells: [
          { n: 5, solved: 5 },
          { n: 5, solved: 5 },
        ],
      },
      { role: 'HIGH', alpha: 1, scale: '32B', cells },
    ]);
    const refused = alphaPointsOf(data);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/2 model scales \(32B, 7B\): choose one/);
    const chosen = alphaPointsOf(data, '32B');
    expect(chosen.ok && chosen.scale).toBe('32B');
    expect(chosen.ok && chosen.points.map((p) => [p.alpha, Array.from(p.n)])).toEqual([
      [0, [5, 5]],
      [1, [2, 2]],
    ]);
    const unknown = alphaPointsOf(data, '70B');
    expect(!unknown.ok && unknown.message).toBe('no checkpoint of scale "70B": the scales are "32B", "7B"');
  });

  it('gives no points for a study without checkpoints', () => {
    expect(alphaPointsOf(studyData([]))).toEqual({ ok: true, points: [], scale: null });
  });
});
