import { mcnemarExactFromCounts, pairedDifferenceInterval, type Interval, cellIndex, type StudyData, type StudyDataProblem } from '@frontier/core';

// Triage of two checkpoints A and B over the problems both have judged samples for. A problem
// counts as "solved" by a checkpoint when at least one of its samples solved it (c > 0); the
// discordant problems (solved by exactly one side) go to the McNemar test and to the queue.

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
}

export interface TriageRow {
  problemId: number;
  externalId: string;
  title: string;
  difficulty: string;
  solvedBy: 'A' | 'B';
  /** |c_A/n_A - c_B/n_B|: the queue's sort key (then problem id, ascending). */
  gap: number;
  a: SideEvidence;
  b: SideEvidence;
}

export interface Triage {
  /** Problems with judged samples on both sides: the paired set every number is over. */
  problems: number;
  /** Problems left out because one side (or both) has no judged sample there. */
  excluded: number;
  /** McNemar: b = solved by A only, c = solved by B only; two-sided exact p. */
  mcnemar: { b: number; c: number; p: number };
  solvedByA: number;
  solvedByB: number;
  /** Mean pass@1 (solve rate) of A minus that of B with a paired bootstrap 95% interval. */
  difference: Interval;
  rateA: number;
  rateB: number;
  /** Discordant problems, ranked by gap (largest first), then problem id. */
  queue: TriageRow[];
}

export const TRIAGE_BOOTSTRAP = { replicates: 1000, level: 0.95, seed: 1 } as const;

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

function side(data: StudyData, checkpoint: number, p: number, tiers: FailTiers | undefined): SideEvidence {
  const cell = cellIndex(data, checkpoint, p);
  const n = data.counts.n[cell] as number;
  const c = data.counts.solved[cell] as number;
  const problem = data.problems[p] as StudyDataProblem;
  return { n, c, rate: c / n, dominant: dominantFailure(data, cell), firstFailTier: dominantTier(tiers?.[problem.id]) };
}

/** Queue order: largest gap first, then ascending problem id, so the ranking is total. */
export function compareRows(x: Pick<TriageRow, 'gap' | 'problemId'>, y: Pick<TriageRow, 'gap' | 'problemId'>): number {
  return y.gap - x.gap || x.problemId - y.problemId;
}

/**
 * Triage of checkpoints at indices `a` and `b` of `data.checkpoints`. `tiers` holds each side's
 * first-failing-tier histograms by problem id (from the evidence endpoint), when loaded.
 */
export function computeTriage(data: StudyData, a: number, b: number, tiers?: { a?: FailTiers; b?: FailTiers }): Triage {
  const ratesA: number[] = [];
  const ratesB: number[] = [];
  const queue: TriageRow[] = [];
  let excluded = 0;
  let onlyA = 0;
  let onlyB = 0;
  let solvedByA = 0;
  let solvedByB = 0;
  data.problems.forEach((problem, p) => {
    const nA = data.counts.n[cellIndex(data, a, p)] as number;
    const nB = data.counts.n[cellIndex(data, b, p)] as number;
    if (nA <= 0 || nB <= 0) {
      excluded++;
      return;
    }
    const sa = side(data, a, p, tiers?.a);
    const sb = side(data, b, p, tiers?.b);
    ratesA.push(sa.rate);
    ratesB.push(sb.rate);
    if (sa.c > 0) solvedByA++;
    if (sb.c > 0) solvedByB++;
    if (sa.c > 0 === sb.c > 0) return;
    if (sa.c > 0) onlyA++;
    else onlyB++;
    queue.push({
      problemId: problem.id,
      externalId: problem.externalId,
      title: problem.title,
      difficulty: problem.difficulty,
      solvedBy: sa.c > 0 ? 'A' : 'B',
      gap: Math.abs(sa.rate - sb.rate),
      a: sa,
      b: sb,
    });
  });
  queue.sort(compareRows);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return {
    problems: ratesA.length,
    excluded,
    mcnemar: mcnemarExactFromCounts(onlyA, onlyB),
    solvedByA,
    solvedByB,
    difference: ratesA.length > 0 ? pairedDifferenceInterval(ratesA, ratesB, TRIAGE_BOOTSTRAP) : { estimate: Number.NaN, lo: Number.NaN, hi: Number.NaN },
    rateA: mean(ratesA),
    rateB: mean(ratesB),
    queue,
  };
}
