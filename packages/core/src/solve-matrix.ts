/** One problem's row of the solve matrix, as clusterOrder reads it. */
export interface ClusterRow {
  /** Solved pattern per checkpoint in alpha order ('1', '0', '-'), as problemProfile writes it. */
  readonly pattern: string;
  /** c/n per checkpoint in alpha order; NaN where n = 0. */
  readonly rates: readonly number[];
}

function meanRate(rates: readonly number[]): number {
  let sum = 0;
  let count = 0;
  for (const r of rates) {
    if (Number.isNaN(r)) continue;
    sum += r;
    count++;
  }
  return count === 0 ? -1 : sum / count;
}

/**
 * A simple deterministic grouping for display, not a statistical clustering: rows sorted by the
 * number of checkpoints that solved the problem (most first), then by solved pattern with
 * checkpoints of lower alpha weighing more ('1' before '0' before '-'), so identical patterns
 * sit together; then by mean c/n (highest first) and finally by problem index.
 */
export function clusterOrder(rows: readonly ClusterRow[]): number[] {
  const keys = rows.map((row, index) => ({
    index,
    solvedCount: row.pattern.split('1').length - 1,
    // Rank characters so that a plain string comparison puts '1' < '0' < '-'.
    pattern: row.pattern.replaceAll('1', 'a').replaceAll('0', 'b').replaceAll('-', 'c'),
    mean: meanRate(row.rates),
  }));
  keys.sort(
    (a, b) =>
      b.solvedCount - a.solvedCount ||
      (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0) ||
      b.mean - a.mean ||
      a.index - b.index,
  );
  return keys.map((k) => k.index);
}
