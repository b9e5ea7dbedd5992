import { describe, expect, it } from 'vitest';
import { kGrid } from './ensemble-k-grid';

describe('kGrid', () => {
  it('is every k to 10, then coarser, always ending at max', () => {
    expect(kGrid(3)).toEqual([1, 2, 3]);
    expect(kGrid(12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    const g = kGrid(250);
    expect(g.slice(0, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20]);
    expect(g.at(-1)).toBe(250);
    expect(g.length).toBeLessThan(40);
    expect(kGrid(64).at(-1)).toBe(64);
    expect(kGrid(0)).toEqual([]);
  });
  it('is strictly increasing', () => {
    for (const max of [1, 17, 99, 250, 1000]) {
      const g = kGrid(max);
      expect(g.every((k, i) => i === 0 || k > g[i - 1]!)).toBe(true);
    }
  });
});
