import { describeSolvedRule, type SolvedRule } from '@frontier/core';
import type { CsvTable } from '../csv';
import type { SideEvidence, TriageRow } from './triage';

// The triage queue as CSV: one row per compared problem in queue order, exact numbers, with the
// tests' results and the solved rule in force named in every row (a pasted table keeps it).

const sideColumns = (s: 'a' | 'b') => [
  `${s}_c`,
  `${s}_n`,
  `${s}_rate`,
  `${s}_solved`,
  `${s}_dominant_verdict`,
  `${s}_dominant_count`,
  `${s}_first_fail_tier`,
  `${s}_first_fail_tier_count`,
];

const sideCells = (e: SideEvidence) => [
  e.c,
  e.n,
  e.rate,
  e.solved === null ? '' : e.solved ? 1 : 0,
  e.dominant?.verdict ?? '',
  e.dominant?.count ?? '',
  e.firstFailTier?.tier ?? '',
  e.firstFailTier?.count ?? '',
];

export function triageCsv(
  rows: readonly TriageRow[],
  a: { name: string },
  b: { name: string },
  rule: SolvedRule,
): CsvTable {
  const solvedRule = describeSolvedRule(rule);
  return {
    header: [
      'rank',
      'problem_id',
      'external_id',
      'title',
      'difficulty',
      'a_checkpoint',
      'b_checkpoint',
      'diff',
      'diff_lo',
      'diff_hi',
      'p_fisher',
      'q_bh',
      'significant',
      'solved_rule',
      ...sideColumns('a'),
      ...sideColumns('b'),
    ],
    rows: rows.map((r, i) => [
      i + 1,
      r.problemId,
      r.externalId,
      r.title,
      r.difficulty,
      a.name,
      b.name,
      r.diff.estimate,
      r.diff.lo,
      r.diff.hi,
      r.p,
      r.q,
      r.significant ? 1 : 0,
      solvedRule,
      ...sideCells(r.a),
      ...sideCells(r.b),
    ]),
  };
}
