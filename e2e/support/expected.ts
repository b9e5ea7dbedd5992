import { query } from './database';
import type { CheckpointRow } from '../../apps/web/src/lib/frontier/frontier-model';

// What the study page should show, computed in SQL straight from run_problem_aggregate:
// per checkpoint, the mean over problems of each problem's fractions (samples of every matching
// run pooled per problem), as DESIGN.md defines solve / correctness / optimization rates.

export interface Filters {
  difficulty?: string;
  setting?: string;
  scale?: string;
  /** Release window, inclusive UTC days YYYY-MM-DD; undated problems are out when either is set. */
  from?: string;
  to?: string;
}

/** What the app should show for a checkpoint, computed here independently with SQL. */
export type ExpectedPoint = CheckpointRow;

const EXPECTED_SQL = `
  WITH per_problem AS (
    SELECT c.id, a.problem_id, sum(a.n) AS n, sum(a.solved) AS solved,
           sum(a.wa) + sum(a.re) + sum(a.ce) + sum(a.ole) AS correctness, sum(a.tle) + sum(a.mle) AS optimization
    FROM checkpoint c
    JOIN eval_run r ON r.checkpoint_id = c.id
    JOIN run_problem_aggregate a ON a.run_id = r.id
    JOIN problem p ON p.id = a.problem_id
    WHERE c.study_id = $1
      AND p.difficulty = coalesce($2, p.difficulty)
      AND r.setting = coalesce($3, r.setting)
      AND c.model_scale = coalesce($4, c.model_scale)
      AND ($5::date IS NULL OR (p.contest_date AT TIME ZONE 'UTC')::date >= $5::date)
      AND ($6::date IS NULL OR (p.contest_date AT TIME ZONE 'UTC')::date <= $6::date)
    GROUP BY c.id, a.problem_id
    HAVING sum(a.n) > 0
  )
  SELECT c.id AS "checkpointId", c.name, c.role::text AS role, c.alpha, c.model_scale AS scale,
         avg(pp.solved::float8 / pp.n) AS "solveRate",
         avg(pp.correctness::float8 / pp.n) AS "correctnessRate",
         avg(pp.optimization::float8 / pp.n) AS "optimizationRate",
         count(*)::int AS problems, sum(pp.n)::int AS n
  FROM per_problem pp JOIN checkpoint c ON c.id = pp.id
  GROUP BY c.id ORDER BY c.id`;

export async function expectedPoints(studyId: number, f: Filters = {}): Promise<ExpectedPoint[]> {
  return query<ExpectedPoint>(EXPECTED_SQL, [
    studyId,
    f.difficulty ?? null,
    f.setting ?? null,
    f.scale ?? null,
    f.from ?? null,
    f.to ?? null,
  ]);
}

export async function studyIdByName(name: string): Promise<number> {
  const rows = await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`no study named ${name} in the test database`);
  return rows[0].id;
}

/** Checkpoints of the study that have at least one judged sample: one frontier point each. */
export async function checkpointsWithData(studyId: number): Promise<number> {
  const rows = await query<{ count: number }>(
    `SELECT count(DISTINCT c.id)::int AS count FROM checkpoint c
     JOIN eval_run r ON r.checkpoint_id = c.id JOIN run_problem_aggregate a ON a.run_id = r.id
     WHERE c.study_id = $1 AND a.n > 0`,
    [studyId],
  );
  return rows[0]!.count;
}

export async function difficulties(studyId: number): Promise<string[]> {
  const rows = await query<{ difficulty: string }>(
    `SELECT DISTINCT p.difficulty FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
     JOIN run_problem_aggregate a ON a.run_id = r.id JOIN problem p ON p.id = a.problem_id
     WHERE c.study_id = $1 ORDER BY 1`,
    [studyId],
  );
  return rows.map((r) => r.difficulty);
}

export async function settings(studyId: number): Promise<string[]> {
  const rows = await query<{ setting: string }>(
    'SELECT DISTINCT r.setting FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id WHERE c.study_id = $1 ORDER BY 1',
    [studyId],
  );
  return rows.map((r) => r.setting);
}
