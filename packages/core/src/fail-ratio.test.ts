import { expect, it } from 'vitest';
import { logFailRatio, logFailRatioRange } from './fail-ratio';

it('is the log of C(n-c,k)/C(n,k) and splits into ranges', () => {
  expect(Math.exp(logFailRatio(5, 2, 2))).toBeCloseTo(3 / 10, 15);
  expect(logFailRatio(5, 0, 5)).toBe(0);
  expect(logFailRatio(5, 2, 4)).toBe(Number.NEGATIVE_INFINITY);
  expect(logFailRatioRange(20, 3, 0, 4) + logFailRatioRange(20, 3, 4, 9)).toBeCloseTo(logFailRatio(20, 3, 9), 14);
  expect(() => logFailRatio(3, 1, 4)).toThrow(RangeError);
});
