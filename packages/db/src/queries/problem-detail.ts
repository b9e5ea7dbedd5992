import { lineAlpha, type CheckpointRole } from '@frontier/core';
import type { Db } from '../client';

// The problem drill-down's header and per-checkpoint counts. Counts are pooled per checkpoint
// from run_problem_aggregate (like the study data), never counted from samples.

export interface StudyProblem {
  id: number;
  externalId: string;
  title: string;
  difficulty: string;
  platform: string;
  contestDate: Date | null;
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
  statement: string | null;
  /** Hidden tests and coverage tiers of the problem. */
  tests: number;
  tiers: number;
}

/** The problem, if it belongs to the benchmark of one of the study's runs. */
export async function findStudyProblem(db: Db, studyId: number, problemId: number): Promise<StudyProblem | undefined> {
  const [problem, tiers] = await Promise.all([
    db.prisma.problem.findFirst({
      where: { id: problemId, benchmark: { runs: { some: { checkpoint: { studyId } } } } },
      select: {
        id: true,
        externalId: true,
        title: true,
        difficulty: true,
        platform: true,
        contestDate: true,
        timeLimitMs: true,
        memoryLimitMb: true,
        statement: true,
        _count: { select: { tests: true } },
      },
    }),
    db.prisma.test.aggregate({ where: { problemId }, _max: { tier: true } }),
  ]);
  if (!problem) return undefined;
  const { _count, ...rest } = problem;
  return { ...rest, tests: _count.tests, tiers: tiers._max.tier ?? 0 };
}

/** One checkpoint's pooled aggregate for the problem; n = -1 when no run has data for it. */
export interface ProblemCheckpointCounts {
  checkpointId: number;
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  scale: string;
  n: number;
  solved: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  ce: number;
  ole: number;
  ie: number;
  pending: number;
  /** Failing samples by the tier they first failed (index 0 = tier 1). */
  failTierHist: number[];
  /** failTierHist's correctness failures (WA, RE, CE, OLE) alone. */
  failTierCorrectness: number[];
  /** failTierHist's optimization failures (TLE, MLE) alone. */
  failTierOptimization: number[];
}

// Every checkpoint of the study (the scale filter aside), with its runs' aggregates for the
// problem if any: raw SQL for the outer joins and the endpoint-aware alpha order.
const COUNTS_SQL = `
  SELECT c.id AS checkpoint_id, c.name, c.role::text AS role, c.alpha, c.model_scale,
         a.n, a.solved, a.wa, a.tle, a.mle, a.re, a.ce, a.ole, a.ie, a.pending, a.fail_tier_hist,
         a.fail_tier_correctness, a.fail_tier_optimization
  FROM checkpoint c
  LEFT JOIN eval_run r ON r.checkpoint_id = c.id AND ($3::text IS NULL OR r.setting = $3)
  LEFT JOIN run_problem_aggregate a ON a.run_id = r.id AND a.problem_id = $2
  WHERE c.study_id = $1 AND ($4::text IS NULL OR c.model_scale = $4)
  ORDER BY c.model_scale, COALESCE(c.alpha, CASE c.role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) NULLS LAST, c.id`;

const FIELDS = ['n', 'solved', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie', 'pending'] as const;

type CountsRow = {
  checkpoint_id: number;
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  model_scale: string;
  fail_tier_hist: number[] | null;
  fail_tier_correctness: number[] | null;
  fail_tier_optimization: number[] | null;
} & Record<(typeof FIELDS)[number], number | null>;

/** Per checkpoint of the study: the problem's counts summed over the runs (filtered by setting). */
export async function listProblemCounts(
  db: Db,
  studyId: number,
  problemId: number,
  filters: { setting?: string; scale?: string },
): Promise<ProblemCheckpointCounts[]> {
  const { rows } = await db.pool.query<CountsRow>(COUNTS_SQL, [
    studyId,
    problemId,
    filters.setting ?? null,
    filters.scale ?? null,
  ]);
  const byCheckpoint = new Map<number, ProblemCheckpointCounts>();
  for (const row of rows) {
    let entry = byCheckpoint.get(row.checkpoint_id);
    if (!entry) {
      entry = {
        checkpointId: row.checkpoint_id,
        name: row.name,
        role: row.role,
        alpha: lineAlpha(row.role, row.alpha),
        scale: row.model_scale,
        n: -1,
        solved: 0,
        wa: 0,
        tle: 0,
        mle: 0,
        re: 0,
        ce: 0,
        ole: 0,
        ie: 0,
        pending: 0,
        failTierHist: [],
        failTierCorrectness: [],
        failTierOptimization: [],
      };
      byCheckpoint.set(row.checkpoint_id, entry);
    }
    if (row.n === null) continue; // no aggregate for this run
    if (entry.n < 0) entry.n = 0;
    for (const f of FIELDS) entry[f] += row[f] ?? 0;
    addInto(entry.failTierHist, row.fail_tier_hist);
    addInto(entry.failTierCorrectness, row.fail_tier_correctness);
    addInto(entry.failTierOptimization, row.fail_tier_optimization);
  }
  return [...byCheckpoint.values()];
}

/** Adds a run's histogram into the checkpoint's, tier by tier. */
function addInto(into: number[], hist: number[] | null): void {
  (hist ?? []).forEach((v, i) => {
    into[i] = (into[i] ?? 0) + v;
  });
}
