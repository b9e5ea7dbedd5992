import {
  cellIndex,
  COUNT_FIELDS,
  lengthIndex,
  isWindowed,
  lineAlpha,
  VERDICTS,
  type CheckpointRole,
  type StudyLengths,
  type CountField,
  type StudyData,
  type StudyDataFailTiers,
  type StudyDataFilters,
} from '@frontier/core';
import type { Db } from '../client';
import { releaseWindowParams, releaseWindowSql } from './release-window-sql';

// The hot read behind every explorer view: per (checkpoint, problem), the counts of every run
// matching the filters, summed from run_problem_aggregate (the table's writer is ../aggregate.ts).
// Raw SQL: a grouped sum over tens of thousands of cells, which Prisma's groupBy cannot join.

// Response lengths by verdict, summed over the cell's runs slot by slot (SQL arrays are 1-based).
const LENGTH_COLUMNS = { chars: 'len_chars', tokens: 'len_tokens', tokenSamples: 'len_token_n' } as const;
const LENGTH_UNITS_KEYS = Object.keys(LENGTH_COLUMNS) as (keyof typeof LENGTH_COLUMNS)[];
const LENGTH_SUMS = Object.entries(LENGTH_COLUMNS)
  .flatMap(([key, column]) => VERDICTS.map((_, v) => `coalesce(sum(a.${column}[${v + 1}]), 0)::float8 AS "${key}${v}"`))
  .join(', ');

// The runs and problems the filters other than the window select ($1..$4); problems the study
// excludes are never counted.
const FILTERED_CELLS = `
  FROM checkpoint c
  JOIN eval_run r ON r.checkpoint_id = c.id
  JOIN run_problem_aggregate a ON a.run_id = r.id
  JOIN problem p ON p.id = a.problem_id
  WHERE c.study_id = $1
    AND ($2::text IS NULL OR p.difficulty = $2)
    AND ($3::text IS NULL OR r.setting = $3)
    AND ($4::text IS NULL OR c.model_scale = $4)
    AND NOT EXISTS (SELECT 1 FROM problem_exclusion x WHERE x.study_id = $1 AND x.problem_id = a.problem_id)`;

const CELLS_SQL = `
  SELECT c.id AS checkpoint_id, a.problem_id,
         sum(a.n)::int AS n, sum(a.solved)::int AS solved, sum(a.wa)::int AS wa, sum(a.tle)::int AS tle,
         sum(a.mle)::int AS mle, sum(a.re)::int AS re, sum(a.ce)::int AS ce, sum(a.ole)::int AS ole, sum(a.ie)::int AS ie,
         json_agg(a.fail_tier_correctness) AS tiers_c, json_agg(a.fail_tier_optimization) AS tiers_o,
         ${LENGTH_SUMS}
  ${FILTERED_CELLS}
    AND ${releaseWindowSql(5, 6)}
  GROUP BY c.id, a.problem_id`;

// Problems a window leaves out for want of a date, for the note views show beside it.
const UNDATED_SQL = `SELECT count(DISTINCT a.problem_id)::int AS n ${FILTERED_CELLS} AND p.contest_date IS NULL`;

// Excluded problems are listed (greyed in the matrix, with the reason) but never counted; under
// the difficulty filter and the release window like the rest.
const EXCLUDED_SQL = `
  SELECT p.id, p.external_id, p.title, x.reason
  FROM problem_exclusion x JOIN problem p ON p.id = x.problem_id
  WHERE x.study_id = $1 AND ($2::text IS NULL OR p.difficulty = $2) AND ${releaseWindowSql(3, 4)}
  ORDER BY p.external_id, p.id`;

// Every checkpoint the scale filter selects, with or without data; endpoints without a stored
// alpha sort where they sit on the line (LOW at 0, HIGH at 1).
const CHECKPOINTS_SQL = `
  SELECT s.data_version, c.id, c.name, c.role::text AS role, c.alpha, c.model_scale
  FROM study s LEFT JOIN checkpoint c ON c.study_id = s.id AND ($2::text IS NULL OR c.model_scale = $2)
  WHERE s.id = $1
  ORDER BY c.model_scale, COALESCE(c.alpha, CASE c.role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) NULLS LAST, c.id`;

type CellRow = {
  checkpoint_id: number;
  problem_id: number;
  /** Each run's histogram, to be summed tier by tier. */
  tiers_c: number[][];
  tiers_o: number[][];
} & Record<CountField, number> &
  Record<string, number | number[][]>;
type CheckpointRow = {
  data_version: number;
  id: number | null;
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  model_scale: string;
};

const filterParams = (studyId: number, filters: StudyDataFilters) => [
  studyId,
  filters.difficulty ?? null,
  filters.setting ?? null,
  filters.scale ?? null,
];

/**
 * Problems with results under the filters that have no release date, when the filters hold a
 * release window (which leaves them out); 0 without one.
 */
export async function countUndatedProblems(db: Db, studyId: number, filters: StudyDataFilters): Promise<number> {
  if (!isWindowed(filters)) return 0;
  const { rows } = await db.pool.query<{ n: number }>(UNDATED_SQL, filterParams(studyId, filters));
  return rows[0]!.n;
}

/** The study's data under the filters; undefined when there is no such study. */
export async function getStudyData(db: Db, studyId: number, filters: StudyDataFilters): Promise<StudyData | undefined> {
  const [cells, checkpoints, undated, excluded] = await Promise.all([
    db.pool.query<CellRow>(CELLS_SQL, [...filterParams(studyId, filters), ...releaseWindowParams(filters)]),
    db.pool.query<CheckpointRow>(CHECKPOINTS_SQL, [studyId, filters.scale ?? null]),
    countUndatedProblems(db, studyId, filters),
    db.pool.query<{ id: number; external_id: string; title: string; reason: string }>(EXCLUDED_SQL, [
      studyId,
      filters.difficulty ?? null,
      ...releaseWindowParams(filters),
    ]),
  ]);
  const study = checkpoints.rows[0];
  if (!study) return undefined;
  const cps = checkpoints.rows.filter((c): c is CheckpointRow & { id: number } => c.id !== null);
  const problemIds = [...new Set(cells.rows.map((r) => r.problem_id))];
  const { rows: problems } = await db.pool.query<{
    id: number;
    external_id: string;
    title: string;
    difficulty: string;
  }>('SELECT id, external_id, title, difficulty FROM problem WHERE id = ANY($1::int[]) ORDER BY external_id', [
    problemIds,
  ]);
  const data: StudyData = {
    studyId,
    dataVersion: study.data_version,
    filters,
    checkpoints: cps.map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role,
      alpha: lineAlpha(c.role, c.alpha),
      scale: c.model_scale,
    })),
    problems: problems.map((p) => ({ id: p.id, externalId: p.external_id, title: p.title, difficulty: p.difficulty })),
    counts: {} as StudyData['counts'],
    excluded: excluded.rows.map((x) => ({ id: x.id, externalId: x.external_id, title: x.title, reason: x.reason })),
    undated,
  };
  const size = cps.length * problems.length;
  for (const f of COUNT_FIELDS) data.counts[f] = new Array<number>(size).fill(f === 'n' ? -1 : 0);
  const lengths: StudyLengths = { chars: [], tokens: [], tokenSamples: [] };
  for (const key of LENGTH_UNITS_KEYS) lengths[key] = new Array<number>(size * VERDICTS.length).fill(0);
  const cIndex = new Map(cps.map((c, i) => [c.id, i]));
  const pIndex = new Map(problems.map((p, i) => [p.id, i]));
  for (const row of cells.rows) {
    const c = cIndex.get(row.checkpoint_id);
    const p = pIndex.get(row.problem_id);
    if (c === undefined || p === undefined) continue;
    const i = cellIndex(data, c, p);
    for (const f of COUNT_FIELDS) data.counts[f][i] = row[f];
    for (const key of LENGTH_UNITS_KEYS)
      VERDICTS.forEach((_, v) => (lengths[key][lengthIndex(i, v)] = row[`${key}${v}`] as number));
  }
  data.failTiers = failTiers(cells.rows, size, (row) => {
    const c = cIndex.get(row.checkpoint_id);
    const p = pIndex.get(row.problem_id);
    return c === undefined || p === undefined ? undefined : cellIndex(data, c, p);
  });
  data.lengths = lengths;
  return data;
}

/** The cells' failing-tier histograms, each summed over its runs, in StudyData's flat layout. */
function failTiers(rows: CellRow[], size: number, cellOf: (row: CellRow) => number | undefined): StudyDataFailTiers {
  let tiers = 0;
  for (const row of rows) for (const h of [...row.tiers_c, ...row.tiers_o]) tiers = Math.max(tiers, h.length);
  const out: StudyDataFailTiers = {
    tiers,
    correctness: new Array<number>(size * tiers).fill(0),
    optimization: new Array<number>(size * tiers).fill(0),
  };
  for (const row of rows) {
    const i = cellOf(row);
    if (i === undefined) continue;
    for (const [hists, into] of [
      [row.tiers_c, out.correctness],
      [row.tiers_o, out.optimization],
    ] as const)
      for (const h of hists) h.forEach((count, t) => (into[i * tiers + t]! += count));
  }
  return out;
}
