import { describe, expect, it } from 'vitest';
import { fitSurrogate } from './surrogate';

const xs = [0, 0.5, 1, 1.5, 2];
const ys = xs.map(Math.sin);
const noise = xs.map(() => 1e-4);

describe('fitSurrogate', () => {
  it('interpolates the points within their noise, and a smooth curve between them', () => {
    const s = fitSurrogate(xs, ys, noise)!;
    xs.forEach((x, i) => {
      const { mean, sd } = s.predict(x);
      expect(Math.abs(mean - ys[i]!)).toBeLessThan(3 * Math.sqrt(noise[i]!));
      // At a point the latent curve is known about as well as the point (never better).
      expect(sd).toBeLessThanOrEqual(Math.sqrt(noise[i]!) + 1e-12);
    });
    for (const a of [0.25, 0.75, 1.25, 1.75]) expect(Math.abs(s.predict(a).mean - Math.sin(a))).toBeLessThan(0.02);
  });

  it('grows less sure away from the data and reverts to its constant mean', () => {
    const s = fitSurrogate(xs, ys, noise)!;
    const sds = [2, 2.5, 3, 4, 6].map((a) => s.predict(a).sd);
    for (let i = 1; i < sds.length; i++) expect(sds[i]!).toBeGreaterThan(sds[i - 1]!);
    const sdsBelow = [0, -0.5, -1, -2].map((a) => s.predict(a).sd);
    for (let i = 1; i < sdsBelow.length; i++) expect(sdsBelow[i]!).toBeGreaterThan(sdsBelow[i - 1]!);
    const far = s.predict(50);
    expect(far.mean).toBeCloseTo(s.mean, 6);
    expect(s.mean).toBeCloseTo(ys.reduce((a, b) => a + b) / ys.length, 12);
    expect(far.sd).toBeCloseTo(Math.sqrt(s.hyper.signal), 6);
  });

  it('trusts a noisy point less: its value is pulled towards its neighbours', () => {
    const bumped = [...ys];
    bumped[2] = ys[2]! + 0.2;
    const quiet = fitSurrogate(xs, bumped, noise)!;
    const loud = fitSurrogate(
      xs,
      bumped,
      noise.map((v, i) => (i === 2 ? 0.04 : v)),
    )!;
    expect(Math.abs(loud.predict(1).mean - ys[2]!)).toBeLessThan(Math.abs(quiet.predict(1).mean - ys[2]!));
  });

  it('is deterministic, and keeps the hyperparameters it is given', () => {
    const a = fitSurrogate(xs, ys, noise)!;
    const b = fitSurrogate(xs, ys, noise)!;
    expect(b.hyper).toEqual(a.hyper);
    expect([0.3, 2.7].map((x) => b.predict(x))).toEqual([0.3, 2.7].map((x) => a.predict(x)));
    const hyper = { length: 0.2, signal: 0.5 };
    expect(fitSurrogate(xs, ys, noise, hyper)!.hyper).toEqual(hyper);
  });

  it('does not change when the caller grows its arrays afterwards', () => {
    const [x, y, v] = [[...xs], [...ys], [...noise]];
    const s = fitSurrogate(x, y, v)!;
    const before = s.predict(0.8);
    x.push(0.8);
    y.push(before.mean);
    v.push(1e-4);
    expect(s.predict(0.8)).toEqual(before);
  });

  it('its smoother rows reproduce its posterior mean (what the bootstrap relies on)', () => {
    const s = fitSurrogate(xs, ys, noise)!;
    const at = [-0.5, 0.3, 1, 1.9, 3];
    s.smoother(at).forEach((row, j) => {
      const viaRow = s.mean + ys.reduce((sum, y, i) => sum + row[i]! * (y - s.mean), 0);
      expect(viaRow).toBeCloseTo(s.predict(at[j]!).mean, 10);
    });
  });

  it('has no curve for no points or mismatched inputs', () => {
    expect(fitSurrogate([], [], [])).toBeNull();
    expect(fitSurrogate([0, 1], [0.5], [1e-4, 1e-4])).toBeNull();
    expect(fitSurrogate([0, 1], [0.5, 0.6], [1e-4])).toBeNull();
  });

  it('fits a single point: its value there, the prior elsewhere', () => {
    const s = fitSurrogate([1], [0.4], [1e-4])!;
    expect(s.predict(1).mean).toBeCloseTo(0.4, 6);
    expect(s.predict(5).sd).toBeGreaterThan(s.predict(1).sd);
  });
});
