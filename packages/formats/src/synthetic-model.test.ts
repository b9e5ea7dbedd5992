import { describe, expect, it } from 'vitest';
import {
  CLIFF_ALPHA,
  makeProblems,
  SWEEP_SHAPES,
  trueBestAlpha,
  truePassAtK,
  verdictMix,
  type SyntheticProblem,
} from './synthetic-model';
import { Rng, mixSeed } from './synthetic-prng';

const problems = makeProblems(new Rng(mixSeed(7, 0x70726f62)), 200);
const one: SyntheticProblem = { ...problems[0]!, latent: 0.4, sweetSpot: 0.9, optimizationBias: -0.2 };

describe('verdictMix shapes', () => {
  it("defaults to 'inside', the model synthetic sweeps were always drawn from", () => {
    // Pinned values: a change here changes every synthetic sweep and the tests that read them.
    expect(verdictMix(one, 0.5)).toEqual(verdictMix(one, 0.5, 'inside'));
    expect(verdictMix(one, 0.5).solve).toBeCloseTo(0.489_001_774, 8);
    expect(verdictMix(one, -0.5).optimization).toBeCloseTo(0.858_148_935, 8);
  });

  it("'beyond' is 'inside' moved past alpha = 1, with the same failure classes", () => {
    for (const a of [-1, 0.5, 2]) {
      expect(verdictMix(one, a + 1.3, 'beyond').solve).toBeCloseTo(verdictMix(one, a).solve, 12);
      expect(verdictMix(one, a, 'beyond').optimization).toBe(verdictMix(one, a).optimization);
    }
  });

  it("'flat' solves at one rate whatever alpha, while failures still shift between classes", () => {
    const at = [-2, 0, 1, 3].map((a) => verdictMix(one, a, 'flat'));
    expect(new Set(at.map((m) => m.solve)).size).toBe(1);
    expect(at[0]!.optimization).toBeGreaterThan(at[3]!.optimization);
  });

  it("'cliff' rises gently, then collapses past its alpha", () => {
    const solve = (a: number) => verdictMix(one, a, 'cliff').solve;
    expect(solve(1)).toBeGreaterThan(solve(0));
    expect(solve(CLIFF_ALPHA)).toBeGreaterThan(solve(1));
    expect(solve(CLIFF_ALPHA + 0.01)).toBeLessThan(solve(CLIFF_ALPHA) / 50);
  });
});

describe('truePassAtK', () => {
  it('is the mean over problems of 1 - (1 - solve)^k', () => {
    const two = problems.slice(0, 2);
    const [a, b] = two.map((p) => verdictMix(p, 0.3, 'beyond').solve);
    expect(truePassAtK(two, 0.3, 4, 'beyond')).toBeCloseTo((1 - (1 - a!) ** 4 + 1 - (1 - b!) ** 4) / 2, 12);
    expect(truePassAtK(two, 0.3, 1, 'beyond')).toBeCloseTo((a! + b!) / 2, 12);
  });

  it('grows with k', () => {
    for (const shape of SWEEP_SHAPES)
      expect(truePassAtK(problems, 0.5, 10, shape)).toBeGreaterThan(truePassAtK(problems, 0.5, 1, shape));
  });
});

describe('trueBestAlpha', () => {
  it('puts each shape where it was built to be', () => {
    const range = [-2, 3] as const;
    const inside = trueBestAlpha(problems, 10, 'inside', range);
    expect(inside.alpha).toBeGreaterThan(0.3);
    expect(inside.alpha).toBeLessThan(0.7);
    expect(inside.best).toEqual([inside.alpha]);
    expect(trueBestAlpha(problems, 10, 'beyond', range).alpha).toBeCloseTo(inside.alpha + 1.3, 1);
    expect(trueBestAlpha(problems, 10, 'cliff', range).alpha).toBe(CLIFF_ALPHA);
    const flat = trueBestAlpha(problems, 10, 'flat', range);
    expect(flat.best).toHaveLength(501);
    expect(flat.best[0]).toBe(-2);
    expect(flat.best.at(-1)).toBe(3);
  });

  it('is the largest true pass@k on the 0.01 grid of the range', () => {
    const t = trueBestAlpha(problems, 5, 'inside', [0, 0.4]);
    expect(t.alpha).toBe(0.4); // the peak lies past the range: its edge is best
    expect(t.passAtK).toBe(truePassAtK(problems, 0.4, 5, 'inside'));
    for (let a = 0; a <= 0.4; a += 0.01) expect(truePassAtK(problems, a, 5, 'inside')).toBeLessThanOrEqual(t.passAtK);
  });
});
