import { describe, expect, it } from 'vitest';
import { collapseProbes, liveWindow } from './collapse';

describe('liveWindow', () => {
  it('ends at the first collapsed alpha on each side of the endpoints', () => {
    // Best 0.6: below 0.3 is collapsed. -1 and 2.5 are, and so are the ones past them.
    const xs = [-1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3];
    const ys = [0.05, 0.2, 0.4, 0.5, 0.6, 0.55, 0.5, 0.35, 0.1, 0.02];
    expect(liveWindow(xs, ys)).toEqual([-1, 2.5]);
  });

  it('is the whole line when nothing collapsed, and ignores a dip between the endpoints', () => {
    expect(liveWindow([0, 0.5, 1, 2], [0.5, 0.1, 0.5, 0.4])).toEqual([-Infinity, Infinity]);
  });
});

describe('collapseProbes', () => {
  it('probes outwards when nothing collapsed, doubling the distance from the endpoint', () => {
    expect(collapseProbes([0, 1, 1.5], [0.4, 0.5, 0.6], -2, 4, 0.1)).toEqual([
      { side: 'above', kind: 'probe', from: 1.5, value: 0.6, alpha: 2 },
      { side: 'below', kind: 'probe', from: 0, value: 0.4, alpha: -0.5 },
    ]);
    // One unit out, the next probe is one more unit out.
    const [above] = collapseProbes([0, 1, 2], [0.4, 0.5, 0.6], -2, 4, 0.1);
    expect(above).toMatchObject({ side: 'above', kind: 'probe', from: 2, alpha: 3 });
  });

  it('stops at the range and proposes nothing on a side already at its limit', () => {
    const probes = collapseProbes([-1, 0, 1, 2], [0.4, 0.5, 0.6, 0.6], -1, 2.3, 0.1);
    expect(probes).toEqual([{ side: 'above', kind: 'probe', from: 2, value: 0.6, alpha: 2.3 }]);
    expect(collapseProbes([0, 1, 2.3], [0.5, 0.6, 0.6], 0, 2.3, 0.1)).toEqual([]);
  });

  it('bisects the bracket between the last holding and the first collapsed alpha', () => {
    const probes = collapseProbes([0, 1, 1.5, 3], [0.5, 0.6, 0.55, 0.1], -1, 4, 0.1);
    expect(probes[0]).toEqual({
      side: 'above',
      kind: 'bracket',
      from: 1.5,
      to: 3,
      fromValue: 0.55,
      toValue: 0.1,
      alpha: 2.25,
    });
    const below = collapseProbes([-2, -1, 0, 1], [0.05, 0.4, 0.5, 0.6], -3, 1.5, 0.1).find((p) => p.side === 'below');
    expect(below).toEqual({
      side: 'below',
      kind: 'bracket',
      from: -1,
      to: -2,
      fromValue: 0.4,
      toValue: 0.05,
      alpha: -1.5,
    });
  });

  it('settles a bracket no wider than the resolution, whatever the decimals', () => {
    // 1.6 - 1.5 is a hair above 0.1 in floating point, 1.2 - 1.1 a hair below: both are settled.
    expect(collapseProbes([0, 1, 1.5, 1.6], [0.5, 0.6, 0.55, 0.1], 0, 4, 0.1)).toEqual([]);
    expect(collapseProbes([0, 1, 1.1, 1.2], [0.5, 0.6, 0.55, 0.1], 0, 4, 0.1)).toEqual([]);
    expect(collapseProbes([0, 1, 1.5, 1.6], [0.5, 0.6, 0.55, 0.1], 0, 4, 0.05)).toHaveLength(1);
  });

  it('puts first the side whose outermost holding alpha does better', () => {
    const probes = collapseProbes([-0.5, 0, 1, 1.5], [0.55, 0.5, 0.4, 0.3], -2, 3, 0.1);
    expect(probes.map((p) => p.side)).toEqual(['below', 'above']);
  });

  it('has nothing to say about a side without an evaluated alpha at or past its endpoint', () => {
    expect(collapseProbes([0.25, 0.5, 0.75], [0.4, 0.5, 0.4], -1, 2, 0.1)).toEqual([]);
  });
});
