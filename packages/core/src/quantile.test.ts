import { expect, it } from 'vitest';
import { quantileSorted } from './quantile';

it('interpolates between order statistics (type 7)', () => {
  const xs = [1, 2, 3, 4, 5];
  expect(quantileSorted(xs, 0)).toBe(1);
  expect(quantileSorted(xs, 1)).toBe(5);
  expect(quantileSorted(xs, 0.5)).toBe(3);
  expect(quantileSorted(xs, 0.1)).toBeCloseTo(1.4, 15);
  expect(quantileSorted([7], 0.975)).toBe(7);
  expect(quantileSorted([], 0.5)).toBeNaN();
  expect(() => quantileSorted(xs, 1.5)).toThrow(RangeError);
});
