/**
 * The correctness/efficiency frontier (DESIGN.md, "Frontier"): each checkpoint is a point
 * (x = correctness-failure rate, y = optimization-failure rate), joined in alpha order.
 */
export interface FrontierPoint {
  readonly alpha: number;
  readonly x: number;
  readonly y: number;
}

export type SegmentKind = 'interpolation' | 'extrapolation';

export interface FrontierSegment<P extends FrontierPoint> {
  readonly from: P;
  readonly to: P;
  readonly kind: SegmentKind;
}

/** Alphas of the two trained endpoints; the default is lo = 0, hi = 1. */
export interface EndpointAlphas {
  readonly lo: number;
  readonly hi: number;
}

export const DEFAULT_ENDPOINTS: EndpointAlphas = Object.freeze({ lo: 0, hi: 1 });

/** A copy sorted by alpha; ties keep their input order (the sort is stable). */
export function sortByAlpha<P extends FrontierPoint>(points: readonly P[]): P[] {
  return [...points].sort((a, b) => a.alpha - b.alpha);
}

/**
 * Whether alpha lies between the endpoints, inclusive. Exact comparison: endpoints are stored
 * as given (0 and 1 by default) and merged alphas are never rescaled, so no tolerance is needed.
 */
export function isInterpolated(alpha: number, endpoints: EndpointAlphas = DEFAULT_ENDPOINTS): boolean {
  const min = Math.min(endpoints.lo, endpoints.hi);
  const max = Math.max(endpoints.lo, endpoints.hi);
  return alpha >= min && alpha <= max;
}

/**
 * Consecutive segments in alpha order. A segment is interpolation when both of its ends lie in
 * [min endpoint alpha, max endpoint alpha], extrapolation otherwise.
 */
export function frontierSegments<P extends FrontierPoint>(
  points: readonly P[],
  endpoints: EndpointAlphas = DEFAULT_ENDPOINTS,
): FrontierSegment<P>[] {
  const sorted = sortByAlpha(points);
  const segments: FrontierSegment<P>[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const from = sorted[i - 1] as P;
    const to = sorted[i] as P;
    const inside = isInterpolated(from.alpha, endpoints) && isInterpolated(to.alpha, endpoints);
    segments.push({ from, to, kind: inside ? 'interpolation' : 'extrapolation' });
  }
  return segments;
}
