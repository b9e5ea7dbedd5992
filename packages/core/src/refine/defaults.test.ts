import { describe, expect, it } from 'vitest';
import { defaultRange, REFINE_DEFAULTS } from './defaults';
import { suggestAlphas } from './suggest';
import { parabola, syntheticPoints } from '../../test/refine-points';

describe('defaultRange', () => {
  it('holds every evaluated alpha and both endpoints, half a unit wider on each side', () => {
    expect(defaultRange([-1, -0.75, 0, 1, 2])).toEqual([-1.5, 2.5]);
    expect(defaultRange([0.3, 0.6])).toEqual([-0.5, 1.5]);
    expect(defaultRange([])).toEqual([-0.5, 1.5]);
    expect(defaultRange([2.25])).toEqual([-0.5, 2.75]);
    // Without binary dust, and never -0.
    expect(defaultRange([-0.7])).toEqual([-1.2, 1.5]);
    expect(Object.is(defaultRange([0.5, 1])[0], -0.5)).toBe(true);
  });

  it('stays inside the alphas anything may evaluate', () => {
    expect(defaultRange([-9.8, 9.9])).toEqual([-10, 10]);
  });
});

describe('suggestAlphas without a range or a seed', () => {
  const points = syntheticPoints(parabola(0.9, 0.6, 0.1), [-1, -0.5, 0, 0.5, 1, 1.5, 2], {
    problems: 40,
    samples: 8,
    seed: 3,
  });

  it('uses the default range of the evaluated alphas, and says which', () => {
    const r = suggestAlphas(points, { k: 1, count: 3 });
    expect(r.range).toEqual([-1.5, 2.5]);
    expect(r).toEqual(suggestAlphas(points, { k: 1, count: 3, range: [-1.5, 2.5] }));
  });

  it('uses the default seed and replicates', () => {
    const { seed, replicates } = REFINE_DEFAULTS;
    expect(suggestAlphas(points, { k: 1, count: 3 })).toEqual(
      suggestAlphas(points, { k: 1, count: 3, seed, replicates }),
    );
    expect(suggestAlphas(points, { k: 1, count: 3 }).best).not.toEqual(
      suggestAlphas(points, { k: 1, count: 3, seed: seed + 1 }).best,
    );
  });
});
