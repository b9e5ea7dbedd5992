import type { CheckpointComparison } from './compare-checkpoints';

// The triage rows as scripts read them (`frontier triage --json`, GET /api/studies/{id}/triage):
// one flat object per compared problem, in queue order, significant or not.

export interface TriageRecord {
  /** The problem's id in the benchmark (its external id). */
  problem_id: string;
  title: string;
  difficulty: string;
  a_c: number;
  a_n: number;
  b_c: number;
  b_n: number;
  /** c_A/n_A - c_B/n_B. */
  diff: number;
  /** Newcombe's 95% hybrid score interval of diff. */
  diff_lo: number;
  diff_hi: number;
  /** Fisher's exact test, two-sided. */
  p: number;
  /** Benjamini-Hochberg q-value over the problems compared. */
  q: number;
  /** q below the threshold asked for. */
  significant: boolean;
  /** Under the solved rule in force; null where it cannot say. */
  a_solved: boolean | null;
  b_solved: boolean | null;
}

export function triageRecords(comparison: CheckpointComparison): TriageRecord[] {
  return comparison.rows.map((r) => ({
    problem_id: r.problem.externalId,
    title: r.problem.title,
    difficulty: r.problem.difficulty,
    a_c: r.a.c,
    a_n: r.a.n,
    b_c: r.b.c,
    b_n: r.b.n,
    diff: r.diff.estimate,
    diff_lo: r.diff.lo,
    diff_hi: r.diff.hi,
    p: r.p,
    q: r.q,
    significant: r.q < comparison.threshold,
    a_solved: r.solvedA,
    b_solved: r.solvedB,
  }));
}
