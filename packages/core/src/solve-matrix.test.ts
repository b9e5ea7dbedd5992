import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterOrder, solveMatrix } from './solve-matrix';

const counts = (...cs: number[]) => cs.map((c) => ({ n: c < 0 ? 0 : 4, c: Math.max(c, 0) }));

describe('solveMatrix', () => {
  it('orders columns by alpha and profiles every problem', () => {
    const m = solveMatrix([
      { alpha: 1, problems: counts(2, 0, 4) },
      { alpha: 0, problems: counts(0, 1, 4) },
      { alpha: 0.5, problems: counts(1, -1, 4) },
    ]);
    expect(m.alphas).toEqual([0, 0.5, 1]);
    expect(m.columns).toEqual([1, 2, 0]);
    expect(m.rows[0]).toMatchObject({ problem: 0, rates: [0, 0.25, 0.5], flipAlpha: 0.5, spread: 0.5, differs: true });
    expect(m.rows[1]).toMatchObject({ rates: [0.25, Number.NaN, 0], pattern: '1-0', differs: true, flipAlpha: null });
    expect(m.rows[2]).toMatchObject({ pattern: '111', differs: false, spread: 0 });
    expect(m.order).toEqual([2, 0, 1]);
    expect(() => solveMatrix([{ alpha: 0, problems: counts(1) }, { alpha: 1, problems: counts(1, 2) }])).toThrow(RangeError);
    expect(solveMatrix([])).toMatchObject({ rows: [], order: [] });
  });
});

describe('clusterOrder', () => {
  it('groups identical patterns, most-solved first', () => {
    const rows = ['010', '110', '000', '010', '111', '100'].map((pattern) => ({
      pattern,
      rates: [...pattern].map(Number),
    }));
    expect(clusterOrder(rows)).toEqual([4, 1, 5, 0, 3, 2]);
  });

  it('is a permutation that keeps equal patterns contiguous', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[01-]{4}$/), { maxLength: 30 }), (patterns) => {
        const order = clusterOrder(patterns.map((pattern) => ({ pattern, rates: [0, 0, 0, 0] })));
        expect([...order].sort((a, b) => a - b)).toEqual(patterns.map((_, i) => i));
        const seen = order.map((i) => patterns[i]);
        const finished = new Set<string>();
        seen.forEach((p, k) => {
          if (k > 0 && seen[k - 1] !== p) finished.add(seen[k - 1]!);
          expect(finished.has(p!)).toBe(false);
        });
      }),
    );
  });
});
