import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimisedAllocation, strongestFirst, uniformAllocation } from './ensemble-allocation';
import { ensemblePass, sampleCapacity } from './ensemble-pass';
import { meanPassAtK } from './pass-at-k';

describe('uniformAllocation', () => {
  it('splits evenly with the remainder to the first checkpoints', () => {
    expect(uniformAllocation(10, 3)).toEqual([4, 3, 3]);
    expect(uniformAllocation(2, 4)).toEqual([1, 1, 0, 0]);
    expect(uniformAllocation(0, 2)).toEqual([0, 0]);
    expect(() => uniformAllocation(3, 0)).toThrow(RangeError);
    expect(() => uniformAllocation(-1, 2)).toThrow(RangeError);
    expect(uniformAllocation(5, 3, [2, 0, 1])).toEqual([2, 1, 2]);
    expect(() => uniformAllocation(5, 3, [0, 0, 1])).toThrow(/each of the 3/);
  });

  it('gives the remainder to the strongest members, so one sample goes to the best one', () => {
    const weak = [
      { n: 10, c: 1 },
      { n: 10, c: 0 },
    ];
    const strong = [
      { n: 10, c: 9 },
      { n: 10, c: 5 },
    ];
    expect(strongestFirst([weak, strong])).toEqual([1, 0]);
    expect(uniformAllocation(1, 2, strongestFirst([weak, strong]))).toEqual([0, 1]);
  });
});

// Each checkpoint solves a different half of the problems: only an ensemble gets them all.
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

describe('optimisedAllocation', () => {
  it('spreads over complementary checkpoints and starves a weak one', () => {
    const alloc = optimisedAllocation([a, weak, b], 10);
    expect(alloc).toEqual([5, 0, 5]);
    expect(ensemblePass([a, weak, b], alloc)).toBeGreaterThan(ensemblePass([a, weak, b], uniformAllocation(10, 3)));
  });

  it('gives everything to the best checkpoint when step = budget', () => {
    const checkpoints = [weak, a, b];
    expect(optimisedAllocation(checkpoints, 6, { step: 6 })).toEqual([0, 6, 0]); // a ties b: lowest index
    expect(ensemblePass(checkpoints, [0, 6, 0])).toBeCloseTo(meanPassAtK(a, 6), 15);
  });

  it('respects capacities and refuses budgets beyond them', () => {
    const small = [
      { n: 2, c: 2 },
      { n: 3, c: 3 },
      { n: 5, c: 5 },
      { n: 9, c: 9 },
    ];
    expect(optimisedAllocation([small, weak], 5)).toEqual([2, 3]);
    expect(() => optimisedAllocation([small], 3)).toThrow(RangeError);
    expect(() => optimisedAllocation([a], 3, { step: 0 })).toThrow(RangeError);
  });

  it('always spends exactly the budget within capacities, for any step', () => {
    const problem = fc.integer({ min: 1, max: 15 }).chain((n) => fc.record({ n: fc.constant(n), c: fc.nat(n) }));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((p) => fc.array(fc.array(problem, { minLength: p, maxLength: p }), { minLength: 1, maxLength: 4 })),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(60),
        (checkpoints, step, want) => {
          const total = checkpoints.map(sampleCapacity).reduce((s, c) => s + c, 0);
          const budget = Math.min(want, total);
          const alloc = optimisedAllocation(checkpoints, budget, { step });
          expect(alloc.reduce((s, k) => s + k, 0)).toBe(budget);
          alloc.forEach((k, i) => expect(k).toBeLessThanOrEqual(sampleCapacity(checkpoints[i]!)));
          expect(Number.isFinite(ensemblePass(checkpoints, alloc))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
