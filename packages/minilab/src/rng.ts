import { mulberry32 } from '@frontier/core';

// Seeded randomness for the test generators: every generator draws from its own stream, derived
// from the benchmark seed and the problem id, so adding a problem never changes another's tests.

/** FNV-1a over the label, mixed with the seed: one independent stream per (seed, label). */
export function deriveSeed(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi], both inclusive; safe for |lo|, |hi| <= 2^53. */
  int(lo: number, hi: number): number;
  /** Uniform bigint in [lo, hi], both inclusive. */
  big(lo: bigint, hi: bigint): bigint;
  pick<T>(xs: readonly T[]): T;
  /** Shuffles in place and returns the same array. */
  shuffle<T>(xs: T[]): T[];
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number): number => {
    const span = hi - lo + 1;
    // Two draws give 53 bits, enough for spans up to 2^53 without visible bias at test sizes.
    const r = Math.floor(next() * 2 ** 21) * 2 ** 32 + Math.floor(next() * 2 ** 32);
    return lo + (r % span);
  };
  const big = (lo: bigint, hi: bigint): bigint => {
    const span = hi - lo + 1n;
    let r = 0n;
    for (let i = 0; i < 4; i++) r = (r << 32n) | BigInt(Math.floor(next() * 2 ** 32));
    return lo + (r % span);
  };
  return {
    next,
    int,
    big,
    pick: (xs) => {
      if (xs.length === 0) throw new Error('pick from an empty list');
      return xs[int(0, xs.length - 1)] as (typeof xs)[number];
    },
    shuffle: (xs) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = int(0, i);
        const t = xs[i] as (typeof xs)[number];
        xs[i] = xs[j] as (typeof xs)[number];
        xs[j] = t;
      }
      return xs;
    },
  };
}
