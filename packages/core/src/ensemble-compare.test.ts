import { describe, expect, it } from 'vitest';
import { bestSingleCheckpoint, rankNextCheckpoint } from './ensemble-compare';
import { meanPassAtK } from './pass-at-k';

// a and b solve complementary halves; weak barely solves anything; tiny has too few samples.
const a = [
  { n: 20, c: 10 },
  { n: 20, c: 10 },
  { n: 20, c: 0 },
  { n: 20, c: 0 },
];
const b = [
  { n: 20, c: 0 },
  { n: 20, c: 0 },
  { n: 20, c: 10 },
  { n: 20, c: 10 },
];
const weak = [
  { n: 20, c: 1 },
  { n: 20, c: 0 },
  { n: 20, c: 0 },
  { n: 20, c: 1 },
];
const tiny = [
  { n: 2, c: 0 },
  { n: 2, c: 0 },
  { n: 2, c: 1 },
  { n: 2, c: 0 },
];

describe('bestSingleCheckpoint', () => {
  it('picks the highest pass@budget among checkpoints with enough samples', () => {
    expect(bestSingleCheckpoint([weak, b, a], 4)).toEqual({ index: 1, pass: meanPassAtK(b, 4) });
    expect(bestSingleCheckpoint([weak, tiny], 2)?.index).toBe(1);
    expect(bestSingleCheckpoint([weak, tiny], 3)?.index).toBe(0);
    expect(bestSingleCheckpoint([tiny], 3)).toBeNull();
  });
});

describe('rankNextCheckpoint', () => {
  it('ranks the complement of the selection first', () => {
    const ranked = rankNextCheckpoint([a, weak, b, tiny], [0], 8);
    expect(ranked.map((r) => r.index)).toEqual([2, 3, 1]);
    expect(ranked[0]).toMatchObject({ members: [0, 2], allocation: [4, 4] });
    expect(rankNextCheckpoint([a, weak, b, tiny], [0, 0], 8)[0]?.members).toEqual([0, 2]);
    expect(() => rankNextCheckpoint([a, b], [5], 8)).toThrow(RangeError);
  });

  it('leaves out candidates the uniform split cannot feed', () => {
    const ranked = rankNextCheckpoint([a, weak, b, tiny], [0], 8, 'uniform');
    expect(ranked.map((r) => r.index)).toEqual([2, 1]);
  });
});
