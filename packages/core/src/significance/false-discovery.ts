// Benjamini-Hochberg q-values: the smallest false discovery rate at which each test would be
// called a discovery. Calling every problem with q < Q a difference keeps the expected share of
// false calls among them at most Q (for independent or positively dependent tests), where a
// per-problem p < 0.05 over 400 problems would call about 20 by chance alone.

/** q-values in the order of `pValues`; a NaN p (no test) gets a NaN q and does not count in m. */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const order = pValues
    .flatMap((p, i) => (Number.isNaN(p) ? [] : [i]))
    .sort((x, y) => (pValues[x] as number) - (pValues[y] as number) || x - y);
  const m = order.length;
  const q = pValues.map(() => Number.NaN);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1] as number;
    running = Math.min(running, ((pValues[i] as number) * m) / rank);
    q[i] = running;
  }
  return q;
}
