import { describe, expect, it } from 'vitest';
import { frontierSegments, isInterpolated, sortByAlpha } from './frontier';

const pt = (alpha: number) => ({ alpha, x: alpha, y: 1 - alpha });

describe('frontier', () => {
  it('sorts by alpha, stably', () => {
    const a = { alpha: 0.5, x: 1, y: 1 };
    const b = { alpha: 0.5, x: 2, y: 2 };
    expect(sortByAlpha([pt(1), a, pt(-0.5), b]).map((p) => p.alpha)).toEqual([-0.5, 0.5, 0.5, 1]);
    expect(sortByAlpha([a, b])).toEqual([a, b]);
  });

  it('classifies segments against the default endpoints [0, 1]', () => {
    const kinds = frontierSegments([pt(1.5), pt(0), pt(1), pt(-0.5), pt(0.5)]).map(
      (s) => `${s.from.alpha}->${s.to.alpha}:${s.kind}`,
    );
    expect(kinds).toEqual([
      '-0.5->0:extrapolation',
      '0->0.5:interpolation',
      '0.5->1:interpolation',
      '1->1.5:extrapolation',
    ]);
  });

  it('honours custom endpoints in either order', () => {
    expect(isInterpolated(0.3, { lo: 0.5, hi: 0.2 })).toBe(true);
    expect(isInterpolated(0.1, { lo: 0.5, hi: 0.2 })).toBe(false);
    const s = frontierSegments([pt(0.2), pt(0.5), pt(0.8)], { lo: 0.2, hi: 0.5 });
    expect(s.map((x) => x.kind)).toEqual(['interpolation', 'extrapolation']);
  });

  it('has no segment for fewer than two points', () => {
    expect(frontierSegments([])).toEqual([]);
    expect(frontierSegments([pt(0)])).toEqual([]);
  });
});
