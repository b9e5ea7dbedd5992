import type { Rng } from '../rng';

export type Tier = 1 | 2 | 3 | 4;

export interface TestInput {
  tier: Tier;
  input: string;
}

/** Pure: the same seed always yields the same inputs, smallest tier first. */
export type Generator = (seed: number) => TestInput[];

/** Helpers shared by the generators: formatting and common random shapes. */
export const line = (xs: readonly (number | bigint | string)[]): string => xs.join(' ');
export const lines = (rows: readonly string[]): string => rows.join('\n') + '\n';

export function ints(rng: Rng, n: number, lo: number, hi: number): number[] {
  return Array.from({ length: n }, () => rng.int(lo, hi));
}

export function test(tier: Tier, input: string): TestInput {
  return { tier, input };
}
