import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paretoIndices, type PlanePoint } from './pareto';

/** The definition paretoIndices must agree with: no worse on both axes, strictly better on one. */
function dominates(a: PlanePoint, b: PlanePoint): boolean {
  return a.x <= b.x && a.y <= b.y && (a.x < b.x || a.y < b.y);
}

// Small integer grid so that ties in x, in y and in both are frequent.
const grid = fc.array(fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }) }), {
  maxLength: 40,
});

describe('pareto', () => {
  it('dominance is strict on at least one axis', () => {
    expect(dominates({ x: 1, y: 1 }, { x: 1, y: 2 })).toBe(true);
    expect(dominates({ x: 1, y: 1 }, { x: 1, y: 1 })).toBe(false);
    expect(dominates({ x: 0, y: 2 }, { x: 1, y: 1 })).toBe(false);
  });

  it('finds the lower-left front and keeps exact ties', () => {
    const pts = [
      { x: 0.3, y: 0.1 },
      { x: 0.1, y: 0.3 },
      { x: 0.2, y: 0.2 },
      { x: 0.3, y: 0.3 },
      { x: 0.2, y: 0.2 },
      { x: 0.1, y: 0.4 },
    ];
    expect(paretoIndices(pts)).toEqual([0, 1, 2, 4]);
    expect(paretoIndices([])).toEqual([]);
  });

  it('rejects NaN', () => {
    expect(() => paretoIndices([{ x: Number.NaN, y: 0 }])).toThrow(RangeError);
  });

  it('no member is dominated; every non-member is dominated by a member', () => {
    fc.assert(
      fc.property(grid, (pts) => {
        const members = new Set(paretoIndices(pts));
        pts.forEach((p, i) => {
          if (members.has(i)) expect(pts.some((q) => dominates(q, p))).toBe(false);
          else expect([...members].some((m) => dominates(pts[m]!, p))).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
