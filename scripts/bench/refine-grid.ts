import { roundAlpha } from '@frontier/core';

// The baseline both parts of bench:refine compare against: a uniform grid of alphas, evaluated in
// full or in coarse-to-fine order.

export const GRID_STEP = 0.25;

/** lo, lo + step, ... up to hi. */
export function uniformGrid([lo, hi]: readonly [number, number], step = GRID_STEP): number[] {
  return Array.from({ length: Math.floor((hi - lo) / step + 1e-9) + 1 }, (_, i) => roundAlpha(lo + step * i));
}

/**
 * The grid as a careful researcher would spend it: both ends, the middle, the quarters, the
 * eighths..., so that any prefix covers the range as evenly as the grid allows.
 */
export function coarseToFine(grid: readonly number[]): number[] {
  const last = grid.length - 1;
  const order = last > 0 ? [0, last] : [0];
  let level: [number, number][] = [[0, last]];
  while (level.length > 0) {
    const next: [number, number][] = [];
    for (const [a, b] of level) {
      if (b - a < 2) continue;
      const mid = Math.floor((a + b) / 2);
      order.push(mid);
      next.push([a, mid], [mid, b]);
    }
    level = next;
  }
  return order.map((i) => grid[i]!);
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
