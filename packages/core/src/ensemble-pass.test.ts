import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensemblePass, ensemblePassPerProblem, sampleCapacity } from './ensemble-pass';
import { meanPassAtK, passAtK, type SolveCounts } from './pass-at-k';
import { mulberry32, type Rng } from './prng';

/** Does drawing k of n samples (c correct) without replacement hit a correct one? */
function drawSolves(rng: Rng, { n, c }: SolveCounts, k: number): boolean {
  let left = n;
  const good = c;
  for (let j = 0; j < k; j++, left--) if (rng() * left < good) return true;
  return false;
}

describe('ensemblePass', () => {
  it('reduces to pass@k for a single checkpoint', () => {
    const cp = [
      { n: 10, c: 2 },
      { n: 12, c: 0 },
      { n: 10, c: 9 },
    ];
    expect(ensemblePass([cp], [5])).toBeCloseTo(meanPassAtK(cp, 5), 15);
  });

  it('multiplies the all-fail chances of independent checkpoints', () => {
    const a = [{ n: 10, c: 3 }];
    const b = [{ n: 8, c: 1 }];
    const want = 1 - (1 - passAtK(10, 3, 4)) * (1 - passAtK(8, 1, 2));
    expect(ensemblePass([a, b], [4, 2])).toBeCloseTo(want, 15);
    expect(ensemblePassPerProblem([a, b], [0, 0])[0]).toBe(0);
  });

  it('needs n_i >= k_i and aligned inputs', () => {
    expect(() => ensemblePass([[{ n: 3, c: 1 }]], [4])).toThrow(RangeError);
    expect(() => ensemblePass([[{ n: 3, c: 1 }], []], [1, 0])).toThrow(RangeError);
    expect(() => ensemblePass([[{ n: 3, c: 1 }]], [1, 1])).toThrow(RangeError);
    expect(
      sampleCapacity([
        { n: 5, c: 0 },
        { n: 3, c: 3 },
      ]),
    ).toBe(3);
  });

  it('agrees with a Monte Carlo estimate within its standard error', () => {
    const problem = fc.integer({ min: 1, max: 12 }).chain((n) => fc.record({ n: fc.constant(n + 8), c: fc.nat(n) }));
    fc.assert(
      fc.property(
        fc.array(fc.array(problem, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(8), { minLength: 3, maxLength: 3 }),
        fc.integer(),
        (byCheckpoint, ks, seed) => {
          const checkpoints = byCheckpoint; // 1..3 checkpoints x 3 problems, n >= 8 >= k
          const allocation = ks.slice(0, checkpoints.length);
          const exact = ensemblePass(checkpoints, allocation);
          const rng = mulberry32(seed);
          const trials = 2000;
          let hits = 0;
          for (let t = 0; t < trials; t++) {
            for (let p = 0; p < 3; p++) {
              if (checkpoints.some((cp, i) => drawSolves(rng, cp[p]!, allocation[i]!))) hits++;
            }
          }
          const estimate = hits / (trials * 3);
          // Each trial's mean over 3 problems has variance <= 1/4 / 3; allow 4.5 standard errors.
          const se = Math.sqrt(0.25 / 3 / trials);
          expect(Math.abs(estimate - exact)).toBeLessThan(4.5 * se + 1e-12);
        },
      ),
      { numRuns: 40, seed: 20240601 },
    );
  });
});
