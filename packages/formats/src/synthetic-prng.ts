import { mulberry32 } from '@frontier/core';

/** Seeded draws over core's mulberry32, so synthetic sweeps are reproducible bit for bit. */
export class Rng {
  /** Uniform in [0, 1). */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

/** Mixes numbers into one 32-bit seed, so each file/problem gets its own independent stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Fold fractional and negative inputs (alphas) into 32 bits deterministically.
    const v = Math.round(part * 1_000_000);
    h = Math.imul(h ^ (v | 0), 0x85ebca6b);
    h = Math.imul(h ^ Math.floor(v / 4294967296), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
