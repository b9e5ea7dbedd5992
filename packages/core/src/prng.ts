/** A source of uniform doubles in [0, 1), like Math.random but seeded and reproducible. */
export type Rng = () => number;

/**
 * mulberry32: a tiny 32-bit PRNG (period 2^32), fast and good enough for bootstrap resampling
 * and Monte Carlo checks. Not for cryptography. The same seed gives the same sequence on every
 * JavaScript engine, which is what makes shared views reproducible.
 */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A uniform integer in [0, n). Multiplying a 32-bit draw is biased by at most n / 2^32, which is
 * negligible for the problem and sample counts this is used with.
 */
export function randomIndex(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}
