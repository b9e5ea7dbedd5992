// Where extrapolation stops paying off. Past a trained endpoint (alpha > 1, or alpha < 0) pass@k
// may hold or climb for a while and then collapse: the merged weights stop being a model. A side
// has collapsed at the first alpha, going outwards, whose pass@k falls below COLLAPSE_SHARE of the
// best pass@k of any evaluated alpha; the last alpha before it brackets the edge from inside.

export const COLLAPSE_SHARE = 0.5;

export type CollapseProbe =
  /** Nothing collapsed yet on this side: look further out. */
  | { side: 'above' | 'below'; kind: 'probe'; from: number; value: number; alpha: number }
  /** The edge lies between `from` (holding) and `to` (collapsed): halve the bracket. */
  | {
      side: 'above' | 'below';
      kind: 'bracket';
      from: number;
      to: number;
      fromValue: number;
      toValue: number;
      alpha: number;
    };

/**
 * The first collapsed alpha on each side, going outwards from the endpoints (infinite when none):
 * the live part of the line lies strictly between them. The peak is looked for there only, and
 * the surrogate is fitted there only: a smooth curve fitted across a cliff rings and puts its peak
 * in the wrong place.
 */
export function liveWindow(xs: readonly number[], ys: readonly number[]): [number, number] {
  const best = Math.max(...ys);
  const collapsed = (i: number) => ys[i]! < COLLAPSE_SHARE * best;
  let below = -Infinity;
  let above = Infinity;
  for (let i = 0; i < xs.length; i++) {
    if (!collapsed(i)) continue;
    // Only extrapolation collapses: a trained endpoint or an interpolated alpha doing badly is data.
    if (xs[i]! > 1) above = Math.min(above, xs[i]!);
    if (xs[i]! < 0) below = Math.max(below, xs[i]!);
  }
  return [below, above];
}

/**
 * What to evaluate next on each side of the endpoints, given evaluated alphas `xs` (ascending)
 * with pass@k `ys`, inside [lo, hi]. A bracket narrower than `resolution` is settled and proposes
 * nothing; a side already at its range limit with nothing collapsed is settled too.
 */
export function collapseProbes(
  xs: readonly number[],
  ys: readonly number[],
  lo: number,
  hi: number,
  resolution: number,
): CollapseProbe[] {
  const best = Math.max(...ys);
  const collapsed = (y: number) => y < COLLAPSE_SHARE * best;
  const probes: CollapseProbe[] = [];
  for (const side of ['above', 'below'] as const) {
    const sign = side === 'above' ? 1 : -1;
    const edge = side === 'above' ? 1 : 0;
    const limit = side === 'above' ? hi : lo;
    // Outwards from the endpoint: every evaluated alpha at or past it, nearest first.
    const order = xs
      .map((x, i) => i)
      .filter((i) => sign * (xs[i]! - edge) >= 0)
      .sort((a, b) => sign * (xs[a]! - xs[b]!));
    if (order.length === 0) continue;
    const bad = order.findIndex((i) => collapsed(ys[i]!));
    if (bad === -1) {
      const last = order.at(-1)!;
      const out = xs[last]!;
      if (sign * (limit - out) <= 0) continue;
      // Doubling the distance from the endpoint (at least half a unit) finds an edge far out in a
      // few steps; the limit caps it.
      const step = Math.max(0.5, Math.abs(out - edge));
      const next = sign > 0 ? Math.min(limit, out + step) : Math.max(limit, out - step);
      probes.push({ side, kind: 'probe', from: out, value: ys[last]!, alpha: next });
    } else if (bad > 0) {
      const [inside, outside] = [order[bad - 1]!, order[bad]!];
      // The 1e-9 is for decimal alphas in binary: 1.6 - 1.5 > 0.1 but 0.3 - 0.2 < 0.1.
      if (Math.abs(xs[outside]! - xs[inside]!) <= resolution + 1e-9) continue;
      probes.push({
        side,
        kind: 'bracket',
        from: xs[inside]!,
        to: xs[outside]!,
        fromValue: ys[inside]!,
        toValue: ys[outside]!,
        alpha: (xs[inside]! + xs[outside]!) / 2,
      });
    }
  }
  // The side whose outermost evaluated alpha still does better comes first.
  return probes.sort(
    (a, b) => (b.kind === 'probe' ? b.value : b.fromValue) - (a.kind === 'probe' ? a.value : a.fromValue),
  );
}
