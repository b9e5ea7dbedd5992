import { describe, expect, it } from 'vitest';
import { mulberry32, randomIndex } from './prng';

describe('mulberry32', () => {
  it('is reproducible for a seed and differs across seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(xs);
    expect(Array.from({ length: 5 }, c)).not.toEqual(xs);
  });

  it('matches the reference sequence', () => {
    // First outputs of Tommy Ettinger's reference C implementation for seed 1.
    const rng = mulberry32(1);
    expect(Array.from({ length: 3 }, () => rng() * 2 ** 32)).toEqual([2693262067, 11749833, 2265367787]);
  });

  it('draws roughly uniform indices in range', () => {
    const rng = mulberry32(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const k = randomIndex(rng, 10);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});
