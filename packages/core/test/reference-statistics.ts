// Independent computations of the triage statistics, for tests: straight from the definitions,
// in exact integer arithmetic where that is possible, with none of the production code's tricks.

function chooseBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** a / b for BigInts as a double with 64 significant bits, however small. */
function ratio(a: bigint, b: bigint): number {
  if (a === 0n) return 0;
  const shift = Math.max(0, b.toString(2).length - a.toString(2).length) + 64;
  return Number((a << BigInt(shift)) / b) * 2 ** -64 * 2 ** -(shift - 64);
}

/**
 * Fisher's exact test, two-sided: each table's probability as the exact integer
 * C(K, x) C(N-K, n-x) over C(N, n), summed over the tables no more probable than the observed one.
 */
export function referenceFisher(aC: number, aN: number, bC: number, bN: number): number {
  const total = aN + bN;
  const solved = aC + bC;
  const weight = (x: number) => chooseBig(solved, x) * chooseBig(total - solved, aN - x);
  const observed = weight(aC);
  let tail = 0n;
  for (let x = 0; x <= aN; x++) {
    const w = weight(x);
    if (w > 0n && w <= observed) tail += w;
  }
  return ratio(tail, chooseBig(total, aN));
}

/** Benjamini-Hochberg from the definition: q_i = min over ranks j >= rank(i) of m p_(j) / j, capped at 1. O(m^2). */
export function referenceQValues(ps: readonly number[]): number[] {
  const sorted = [...ps].sort((a, b) => a - b);
  const m = ps.length;
  return ps.map((p) => {
    const rank = sorted.lastIndexOf(p) + 1;
    let q = 1;
    for (let j = rank; j <= m; j++) q = Math.min(q, (m * sorted[j - 1]!) / j);
    return q;
  });
}
