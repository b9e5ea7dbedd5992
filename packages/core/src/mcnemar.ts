/** Discordant pairs of two checkpoints and the exact two-sided McNemar p-value. */
export interface McNemarResult {
  /** Problems the first checkpoint solved and the second did not. */
  readonly b: number;
  /** Problems the second checkpoint solved and the first did not. */
  readonly c: number;
  readonly p: number;
}

/**
 * Exact McNemar test from the discordant counts: two-sided binomial test of b against
 * Binomial(b + c, 1/2), p = min(1, 2 * sum_{i <= min(b,c)} C(b+c, i) / 2^(b+c)).
 *
 * The terms grow up to i = min(b,c) <= (b+c)/2, so the sum is taken relative to its last term,
 * walking down with the ratio C(n,i-1)/C(n,i) = i/(n-i+1) until the terms stop mattering; only
 * that last term is formed in log space. Stable for any n, O(min(b, c)).
 */
export function mcnemarExactFromCounts(b: number, c: number): McNemarResult {
  for (const v of [b, c]) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`discordant counts must be non-negative integers, got ${v}`);
  }
  const n = b + c;
  const m = Math.min(b, c);
  if (2 * m === n) return { b, c, p: 1 }; // b = c: the most likely outcome, so p = 1
  let logLast = -n * Math.LN2; // log C(n, m) / 2^n
  for (let i = 1; i <= m; i++) logLast += Math.log((n - m + i) / i);
  let relative = 0;
  let term = 1;
  for (let i = m; i >= 0 && term > 1e-17 * relative; i--) {
    relative += term;
    term *= i / (n - i + 1);
  }
  return { b, c, p: Math.min(1, 2 * Math.exp(logLast) * relative) };
}
