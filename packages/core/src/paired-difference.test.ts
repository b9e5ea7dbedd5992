import { expect, it } from 'vitest';
import { pairedBootstrapMeans } from './bootstrap';
import { pairedDifferenceInterval } from './paired-difference';
import { mulberry32 } from './prng';

it('estimates the difference over shared problems and brackets it', () => {
  const rng = mulberry32(2);
  const a = Array.from({ length: 300 }, () => rng());
  const b = a.map((v) => Math.min(1, v + 0.1 * rng()));
  b[7] = Number.NaN;
  const ci = pairedDifferenceInterval(a, b, { seed: 3 });
  const shared = a.flatMap((v, p) => (Number.isNaN(b[p]!) ? [] : [v - b[p]!]));
  expect(ci.estimate).toBeCloseTo(shared.reduce((s, v) => s + v, 0) / shared.length, 12);
  expect(ci.lo).toBeLessThanOrEqual(ci.estimate);
  expect(ci.hi).toBeGreaterThanOrEqual(ci.estimate);
  expect(ci.hi).toBeLessThan(0); // b is better on every problem
});

it('is narrower than unpaired intervals when checkpoints are correlated', () => {
  const rng = mulberry32(5);
  const a = Array.from({ length: 500 }, () => rng());
  const b = a.map((v) => v * 0.95);
  const paired = pairedDifferenceInterval(a, b);
  const [ia, ib] = pairedBootstrapMeans([a, b]);
  expect(paired.hi - paired.lo).toBeLessThan((ia!.hi - ia!.lo + ib!.hi - ib!.lo) / 4);
  expect(() => pairedDifferenceInterval([1], [])).toThrow(RangeError);
});
