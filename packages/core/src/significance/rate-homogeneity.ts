import { mulberry32, type Rng } from '../prng';
import { chiSquareSurvival } from './chi-square';

// Is one problem's solve rate the same at every checkpoint shown? Pearson's chi-square test of
// homogeneity on the 2 x K table (solved / not solved by checkpoint), with Cochran's rule for
// when its chi-square approximation holds: every expected count at least 1 and at most 20% of
// them below 5. When the rule fails (a problem almost never, or almost always, solved) the
// p-value is a Monte Carlo estimate of the exact conditional test instead, as R's
// chisq.test(simulate.p.value = TRUE) does: tables with the same margins are drawn at random
// (seeded, so a view is reproducible) and p = (1 + #{statistic >= observed}) / (1 + draws).
// The chi-square approximation makes "almost never solved, twice here" look several times more
// significant than it is; the conditional test does not. Drawing stops early once 20 tables were
// at least as extreme (Besag and Clifford's sequential p-value, h / draws so far): a problem
// whose rates plainly agree costs a few dozen draws, not 2,000.

export const HOMOGENEITY_DRAWS = 2000;
export const HOMOGENEITY_SEED = 1;
export const HOMOGENEITY_STOP_AFTER = 20;

export type HomogeneityMethod = 'chi-square' | 'monte-carlo' | 'constant' | 'untestable';

export interface Homogeneity {
  /** Pearson's X^2; 0 when every column has the same rate. */
  statistic: number;
  /** Columns with judged samples, minus one. */
  df: number;
  p: number;
  method: HomogeneityMethod;
}

/** Pearson's X^2 of a 2 x K table from its solved counts, with rate = the pooled rate. */
function pearson(solved: ArrayLike<number>, n: readonly number[], rate: number): number {
  let x2 = 0;
  for (let k = 0; k < n.length; k++) {
    const expected = (n[k] as number) * rate;
    x2 += ((solved[k] as number) - expected) ** 2 / expected;
  }
  return x2 / (1 - rate);
}

/** Cochran's rule on the expected counts of both rows. */
function cochranHolds(n: readonly number[], rate: number): boolean {
  let small = 0;
  for (const nk of n) {
    for (const e of [nk * rate, nk * (1 - rate)]) {
      if (e < 1) return false;
      if (e < 5) small++;
    }
  }
  return small <= 0.2 * 2 * n.length;
}

/**
 * One random table with the observed margins: `minority` items (solved samples, or unsolved when
 * fewer) placed among the N samples without replacement (Floyd's algorithm), then counted by
 * column. O(minority * log K) per draw, and Cochran's rule fails mostly when the minority is small.
 */
function drawTable(rng: Rng, ends: Int32Array, total: number, minority: number, out: Float64Array): void {
  out.fill(0);
  const chosen = new Set<number>();
  for (let j = total - minority; j < total; j++) {
    const t = Math.floor(rng() * (j + 1));
    const pick = chosen.has(t) ? j : t;
    chosen.add(pick);
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pick < (ends[mid] as number)) hi = mid;
      else lo = mid + 1;
    }
    out[lo] = (out[lo] as number) + 1;
  }
}

/**
 * Test that the solve rate is the same at every checkpoint: `solved[k]` of `n[k]` samples;
 * checkpoints with n <= 0 (no judged sample) are left out.
 */
export function rateHomogeneity(
  solved: readonly number[],
  n: readonly number[],
  options: { draws?: number; seed?: number; stopAfter?: number } = {},
): Homogeneity {
  if (solved.length !== n.length) throw new RangeError('one solved count per checkpoint');
  const cs: number[] = [];
  const ns: number[] = [];
  n.forEach((nk, k) => {
    if (nk <= 0) return;
    const c = solved[k] as number;
    if (!Number.isSafeInteger(nk) || !Number.isSafeInteger(c) || c < 0 || c > nk)
      throw new RangeError(`checkpoint ${k}: need 0 <= c <= n, got c = ${c}, n = ${nk}`);
    cs.push(c);
    ns.push(nk);
  });
  const df = ns.length - 1;
  if (df < 1) return { statistic: 0, df: Math.max(df, 0), p: Number.NaN, method: 'untestable' };
  const total = ns.reduce((s, x) => s + x, 0);
  const success = cs.reduce((s, x) => s + x, 0);
  if (success === 0 || success === total) return { statistic: 0, df, p: 1, method: 'constant' };
  const rate = success / total;
  const statistic = pearson(cs, ns, rate);
  if (cochranHolds(ns, rate)) return { statistic, df, p: chiSquareSurvival(statistic, df), method: 'chi-square' };

  const draws = options.draws ?? HOMOGENEITY_DRAWS;
  const stopAfter = options.stopAfter ?? HOMOGENEITY_STOP_AFTER;
  const rng = mulberry32(options.seed ?? HOMOGENEITY_SEED);
  const ends = new Int32Array(ns.length);
  ns.reduce((sum, nk, k) => (ends[k] = sum + nk), 0);
  const minority = Math.min(success, total - success);
  const table = new Float64Array(ns.length);
  // Ties within rounding count as "at least as extreme".
  const threshold = statistic * (1 - 1e-9);
  let extreme = 0;
  for (let d = 0; d < draws; d++) {
    drawTable(rng, ends, total, minority, table);
    // The statistic is symmetric in the rows, so counting the minority row is enough.
    if (pearson(table, ns, minority / total) >= threshold && ++extreme === stopAfter)
      return { statistic, df, p: extreme / (d + 1), method: 'monte-carlo' };
  }
  return { statistic, df, p: (1 + extreme) / (1 + draws), method: 'monte-carlo' };
}
