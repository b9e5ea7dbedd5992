import { describe, expect, it } from 'vitest';
import { budgetLadder, openingBudget } from './ensemble-budget';
import { meanPassAtK } from './pass-at-k';

describe('budgetLadder', () => {
  it('lists 1, 2, 5, 10, ... up to the maximum', () => {
    expect(budgetLadder(64)).toEqual([1, 2, 5, 10, 20, 50]);
    expect(budgetLadder(250)).toEqual([1, 2, 5, 10, 20, 50, 100, 200]);
    expect(budgetLadder(0)).toEqual([]);
  });
});

describe('openingBudget', () => {
  it('opens at the largest ladder budget where the best single checkpoint still misses more than 10%', () => {
    // pass@B of one checkpoint with c = 4 of n = 64 on every problem rises past 90% between 20 and 50.
    const problems = Array.from({ length: 5 }, () => ({ n: 64, c: 4 }));
    expect(meanPassAtK(problems, 20)).toBeLessThan(0.9);
    expect(meanPassAtK(problems, 50)).toBeGreaterThanOrEqual(0.9);
    expect(openingBudget([problems], 64)).toBe(20);
    // The best of several decides.
    const stronger = Array.from({ length: 5 }, () => ({ n: 64, c: 16 }));
    expect(openingBudget([problems, stronger], 64)).toBe(5);
  });

  it('falls back to 1 when even pass@1 is saturated, and to 0 without a budget', () => {
    expect(openingBudget([[{ n: 10, c: 10 }]], 10)).toBe(1);
    expect(openingBudget([[{ n: 10, c: 1 }]], 0)).toBe(0);
  });
});
