import type { CsvTable } from './csv';
import type { SideEvidence, TriageRow } from './triage';

// The triage queue as CSV: one row per discordant problem in queue order, exact rates.

const sideColumns = (s: 'a' | 'b') => [`${s}_c`, `${s}_n`, `${s}_rate`, `${s}_dominant_verdict`, `${s}_dominant_count`, `${s}_first_fail_tier`, `${s}_first_fail_tier_count`];

const sideCells = (e: SideEvidence) => [e.c, e.n, e.rate, e.dominant?.verdict ?? '', e.dominant?.count ?? '', e.firstFailTier?.tier ?? '', e.firstFailTier?.count ?? ''];

export function triageCsv(rows: readonly TriageRow[], a: { id: number; name: string }, b: { id: number; name: string }): CsvTable {
  return {
    header: ['rank', 'problem_id', 'external_id', 'title', 'difficulty', 'solved_by', 'a_checkpoint', 'b_checkpoint', 'gap', ...sideColumns('a'), ...sideColumns('b')],
    rows: rows.map((r, i) => [i + 1, r.problemId, r.externalId, r.title, r.difficulty, r.solvedBy, a.name, b.name, r.gap, ...sideCells(r.a), ...sideCells(r.b)]),
  };
}
