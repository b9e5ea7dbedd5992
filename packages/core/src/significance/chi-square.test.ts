import { describe, expect, it } from 'vitest';
import { chiSquareSurvival } from './chi-square';
import { logGamma } from './log-gamma';

describe('chiSquareSurvival', () => {
  it('gives the textbook critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(5.991464547107979, 2)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(21.02606981748307, 12)).toBeCloseTo(0.05, 11);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });

  it('equals the closed forms for even degrees of freedom, far into the tail', () => {
    for (const x of [0.1, 1, 2.5, 10, 60, 300, 1000]) {
      const two = Math.exp(-x / 2);
      const four = Math.exp(-x / 2) * (1 + x / 2);
      expect(chiSquareSurvival(x, 2) / two).toBeCloseTo(1, 10);
      expect(chiSquareSurvival(x, 4) / four).toBeCloseTo(1, 10);
    }
  });
});

describe('logGamma', () => {
  it('equals log factorials and Gamma(1/2)', () => {
    let logFactorial = 0;
    for (let n = 1; n <= 170; n++) {
      expect(logGamma(n + 1)).toBeCloseTo((logFactorial += Math.log(n)), 9);
    }
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 13);
  });
});
