import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterOrder } from './solve-matrix';

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
