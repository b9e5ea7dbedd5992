import { referenceFisher, referenceQValues } from '../../packages/core/test/reference-statistics';
import { byKey, mcnemarP, type DbCell } from './cells';
import { query } from './database';

// The triage the tests expect, from the aggregates and the definitions (Fisher's exact test per
// problem, Benjamini-Hochberg q, rank by q then |diff|, McNemar under the solved rule), computed
// with exact integer arithmetic independently of the app's code.

export interface ExpectedTriageRow {
  problemId: number;
  a: DbCell;
  b: DbCell;
  diff: number;
  p: number;
  q: number;
}

export interface ExpectedTriage {
  rows: ExpectedTriageRow[];
  significant: number;
  /** McNemar under c/n >= tau (or c > 0 with tau null). */
  onlyA: number;
  onlyB: number;
  mcnemar: number;
}

/** Problem ids in the order the study data lists problems (by external id). */
export async function problemOrder(): Promise<Map<number, number>> {
  // Problems belong to a benchmark, not a study: the order among the study's own is the same.
  const rows = await query<{ id: number }>('SELECT id FROM problem ORDER BY external_id');
  return new Map(rows.map((r, i) => [r.id, i]));
}

export function expectedTriage(
  all: DbCell[],
  a: number,
  b: number,
  order: Map<number, number>,
  opts: { tau: number | null; q: number } = { tau: 0.5, q: 0.05 },
): ExpectedTriage {
  const cell = byKey(all);
  const problems = [...new Set(all.map((x) => x.problemId))].filter(
    (p) => cell.has(`${a}:${p}`) && cell.has(`${b}:${p}`),
  );
  const rows = problems.map((p) => {
    const x = cell.get(`${a}:${p}`)!;
    const y = cell.get(`${b}:${p}`)!;
    return { problemId: p, a: x, b: y, diff: x.c / x.n - y.c / y.n, p: referenceFisher(x.c, x.n, y.c, y.n), q: 0 };
  });
  referenceQValues(rows.map((r) => r.p)).forEach((q, i) => (rows[i]!.q = q));
  // q is ranked at 10 significant digits, as the definition says (mirror-image tables tie).
  const key = (q: number) => Number(q.toPrecision(10));
  rows.sort(
    (u, v) =>
      key(u.q) - key(v.q) || Math.abs(v.diff) - Math.abs(u.diff) || order.get(u.problemId)! - order.get(v.problemId)!,
  );
  const solved = (x: DbCell) => (opts.tau === null ? x.c > 0 : x.c / x.n >= opts.tau);
  const onlyA = rows.filter((r) => solved(r.a) && !solved(r.b)).length;
  const onlyB = rows.filter((r) => solved(r.b) && !solved(r.a)).length;
  return { rows, significant: rows.filter((r) => r.q < opts.q).length, onlyA, onlyB, mcnemar: mcnemarP(onlyA, onlyB) };
}
