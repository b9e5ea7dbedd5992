// Fisher's exact test of two independent proportions: problem solved in aC of aN samples at one
// checkpoint and bC of bN at another. Conditional on the margins, aC follows a hypergeometric
// distribution; the two-sided p-value sums the probabilities of every table no more likely than
// the observed one (the rule R's fisher.test uses, with the same 1e-7 relative tolerance so
// tables of equal probability are not split by rounding). Unequal aN and bN need nothing special.
//
// The probabilities are walked with the ratio P(x+1)/P(x) in log space, never with factorials:
// O(support) per test (at most min(aN, bN) + 1 terms), and p-values far below 1e-300 would be the
// only ones to lose precision.

const RELATIVE_TOLERANCE = Math.log1p(1e-7);

function checkCounts(c: number, n: number, side: string): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${side}: n must be a positive integer, got ${n}`);
  if (!Number.isSafeInteger(c) || c < 0 || c > n)
    throw new RangeError(`${side}: c must be an integer from 0 to n = ${n}, got ${c}`);
}

/** log(sum(exp(values[i]))) over the indices `keep` accepts. */
function logSumExp(values: Float64Array, keep: (i: number) => boolean): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (keep(i) && (values[i] as number) > max) max = values[i] as number;
  if (max === Number.NEGATIVE_INFINITY) return max;
  let sum = 0;
  for (let i = 0; i < values.length; i++) if (keep(i)) sum += Math.exp((values[i] as number) - max);
  return max + Math.log(sum);
}

/** Two-sided p-value of Fisher's exact test for aC/aN against bC/bN. */
export function fisherExact(aC: number, aN: number, bC: number, bN: number): number {
  checkCounts(aC, aN, 'first');
  checkCounts(bC, bN, 'second');
  const total = aN + bN;
  const solved = aC + bC;
  const lo = Math.max(0, aN - (total - solved));
  const hi = Math.min(aN, solved);
  if (lo === hi) return 1;
  // log P(x) up to a constant, for x = lo..hi.
  const logP = new Float64Array(hi - lo + 1);
  for (let x = lo; x < hi; x++) {
    const step = Math.log((solved - x) * (aN - x)) - Math.log((x + 1) * (total - solved - aN + x + 1));
    logP[x - lo + 1] = (logP[x - lo] as number) + step;
  }
  const observed = (logP[aC - lo] as number) + RELATIVE_TOLERANCE;
  const p = Math.exp(logSumExp(logP, (i) => (logP[i] as number) <= observed) - logSumExp(logP, () => true));
  return Math.min(1, p);
}
