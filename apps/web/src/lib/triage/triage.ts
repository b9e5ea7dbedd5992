import {
  cellIndex,
  compareCheckpoints,
  type CheckpointComparison,
  type ProblemDifference,
  type SolvedRule,
  type StudyData,
} from '@frontier/core';

// The triage tab's model: @frontier/core's per-problem comparison of two checkpoints (Fisher's
// exact test on c/n, Benjamini-Hochberg q-values, McNemar under the solved rule), with the
// evidence a reader needs to see why a problem moved: each side's most frequent failure verdict
// and the test tier its failing samples first failed at.

export const FAILURE_VERDICTS = ['WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE'] as const;
export type FailureVerdict = (typeof FAILURE_VERDICTS)[number];

/** failTiers[problemId]: judged failing samples by the tier they first failed (index 0 = tier 1). */
export type FailTiers = Readonly<Record<string, readonly number[] | null | undefined>>;

export interface SideEvidence {
  n: number;
  c: number;
  /** c / n: the checkpoint's pass@1 on the problem. */
  rate: number;
  /** The most frequent failure verdict (ties: in FAILURE_VERDICTS order); null without failures. */
  dominant: { verdict: FailureVerdict; count: number } | null;
  /** The tier most failing samples first failed at (ties: the lower tier); null without tier data. */
  firstFailTier: { tier: number; count: number; failing: number } | null;
  /** Under the solved rule in force; null where it cannot say. */
  solved: boolean | null;
}

export interface TriageRow extends Pick<ProblemDifference, 'diff' | 'p' | 'q'> {
  problemId: number;
  externalId: string;
  title: string;
  difficulty: string;
  /** q below the threshold. */
  significant: boolean;
  a: SideEvidence;
  b: SideEvidence;
}

export interface Triage extends Omit<CheckpointComparison, 'rows'> {
  /** Every compared problem in queue order: q, then |diff| (largest first), then problem order. */
  queue: TriageRow[];
}

export function dominantFailure(data: StudyData, cell: number): SideEvidence['dominant'] {
  let best: SideEvidence['dominant'] = null;
  for (const verdict of FAILURE_VERDICTS) {
    const count = data.counts[verdict.toLowerCase() as Lowercase<FailureVerdict>][cell] ?? 0;
    if (count > 0 && (best === null || count > best.count)) best = { verdict, count };
  }
  return best;
}

export function dominantTier(hist: readonly number[] | null | undefined): SideEvidence['firstFailTier'] {
  if (!hist) return null;
  let tier = -1;
  let failing = 0;
  hist.forEach((count, i) => {
    failing += count;
    if (count > 0 && (tier < 0 || count > (hist[tier] as number))) tier = i;
  });
  return tier < 0 ? null : { tier: tier + 1, count: hist[tier] as number, failing };
}

/**
 * Triage of checkpoints at indices `a` and `b` of `data.checkpoints`. `tiers` holds each side's
 * first-failing-tier histograms by problem id (from the evidence endpoint), when loaded.
 */
export function computeTriage(
  data: StudyData,
  a: number,
  b: number,
  options: { rule: SolvedRule; threshold: number },
  tiers?: { a?: FailTiers; b?: FailTiers },
): Triage {
  const { rows, ...summary } = compareCheckpoints(data, a, b, options);
  const side = (
    checkpoint: number,
    r: ProblemDifference,
    counts: { c: number; n: number },
    solved: boolean | null,
    hist: FailTiers | undefined,
  ): SideEvidence => ({
    ...counts,
    rate: counts.c / counts.n,
    dominant: dominantFailure(data, cellIndex(data, checkpoint, r.index)),
    firstFailTier: dominantTier(hist?.[r.problem.id]),
    solved,
  });
  const queue = rows.map((r) => ({
    problemId: r.problem.id,
    externalId: r.problem.externalId,
    title: r.problem.title,
    difficulty: r.problem.difficulty,
    diff: r.diff,
    p: r.p,
    q: r.q,
    significant: r.q < summary.threshold,
    a: side(a, r, r.a, r.solvedA, tiers?.a),
    b: side(b, r, r.b, r.solvedB, tiers?.b),
  }));
  return { ...summary, queue };
}
