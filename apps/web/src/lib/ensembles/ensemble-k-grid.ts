/**
 * The k values the pass@k curves are evaluated at, up to and including `max`: every k to 10,
 * then steps of 5 to 50, 10 to 100, 25 to 500 and 50 beyond; `max` itself is always included.
 * Roughly even on the log axis the curves are drawn on, and about 30 points at k = 250 instead
 * of 250, which is what keeps the optimised ensemble curve (one greedy allocation per k) cheap.
 */
export function kGrid(max: number): number[] {
  const ks: number[] = [];
  for (let k = 1; k <= max;) {
    ks.push(k);
    k += k < 10 ? 1 : k < 50 ? 5 : k < 100 ? 10 : k < 500 ? 25 : 50;
  }
  if (max >= 1 && ks[ks.length - 1] !== max) ks.push(max);
  return ks;
}
