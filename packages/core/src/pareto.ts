/** Points compared on the frontier plane; lower x and lower y are both better. */
export interface PlanePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * Indices of the non-dominated points, in input order: a point is dominated when another is no
 * worse on both axes and strictly better on one. Points with identical (x, y) do not dominate
 * each other, so ties are all kept (or all dropped when something else dominates them).
 * O(n log n): sweep by x, keeping the lowest y seen at a strictly smaller x.
 */
export function paretoIndices(points: readonly PlanePoint[]): number[] {
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`non-finite point (${p.x}, ${p.y})`);
  }
  const sorted = points.map((p, i) => ({ x: p.x, y: p.y, i })).sort((a, b) => a.x - b.x || a.y - b.y || a.i - b.i);
  const keep: number[] = [];
  let bestYBefore = Number.POSITIVE_INFINITY;
  let groupMinY = Number.NaN;
  for (let k = 0; k < sorted.length; k++) {
    const p = sorted[k]!;
    const prev = sorted[k - 1];
    if (prev === undefined || prev.x !== p.x) {
      // A new x: close the previous group, whose lowest y now bounds everything to its right.
      if (prev !== undefined) bestYBefore = Math.min(bestYBefore, groupMinY);
      groupMinY = p.y;
    }
    // Within one x the points come by ascending y: only the group's lowest-y points survive,
    // and only if nothing at a smaller x is already as low.
    if (p.y === groupMinY && p.y < bestYBefore) keep.push(p.i);
  }
  return keep.sort((a, b) => a - b);
}
