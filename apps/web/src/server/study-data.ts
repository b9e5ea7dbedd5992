import 'server-only';
import { COUNT_FIELDS, type StudyData } from '../lib/study-data';
import type { Filters } from '../lib/filters';
import { filtersToSearch } from '../lib/filters';
import { getDb } from './db';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Study data is immutable for a given data version, so it is read from the aggregates once per
// (study, version, filters) and then served from memory as a ready JSON string: the read path
// under load is a cache lookup, not a query.

const CELLS_SQL = `
  SELECT c.id AS checkpoint_id, a.problem_id,
         sum(a.n)::int AS n, sum(a.solved)::int AS solved, sum(a.wa)::int AS wa, sum(a.tle)::int AS tle,
         sum(a.mle)::int AS mle, sum(a.re)::int AS re, sum(a.ce)::int AS ce, sum(a.ole)::int AS ole, sum(a.ie)::int AS ie
  FROM checkpoint c
  JOIN eval_run r ON r.checkpoint_id = c.id
  JOIN run_problem_aggregate a ON a.run_id = r.id
  JOIN problem p ON p.id = a.problem_id
  WHERE c.study_id = $1
    AND ($2::text IS NULL OR p.difficulty = $2)
    AND ($3::text IS NULL OR r.setting = $3)
    AND ($4::text IS NULL OR c.model_scale = $4)
  GROUP BY c.id, a.problem_id`;

type CellRow = { checkpoint_id: number; problem_id: number } & Record<(typeof COUNT_FIELDS)[number], number>;

async function read(studyId: number, dataVersion: number, filters: Filters): Promise<StudyData> {
  const db = await getDb();
  const args = [studyId, filters.difficulty ?? null, filters.setting ?? null, filters.scale ?? null];
  const [cells, checkpoints] = await Promise.all([
    db.pool.query<CellRow>(CELLS_SQL, args),
    db.pool.query<{ id: number; name: string; role: StudyData['checkpoints'][number]['role']; alpha: number | null; model_scale: string }>(
      `SELECT id, name, role::text AS role, alpha, model_scale FROM checkpoint WHERE study_id = $1 AND ($2::text IS NULL OR model_scale = $2)
       ORDER BY model_scale, COALESCE(alpha, CASE role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) NULLS LAST, id`,
      [studyId, filters.scale ?? null],
    ),
  ]);
  const problemIds = [...new Set(cells.rows.map((r) => r.problem_id))];
  const { rows: problems } = await db.pool.query<{ id: number; external_id: string; title: string; difficulty: string }>(
    'SELECT id, external_id, title, difficulty FROM problem WHERE id = ANY($1::int[]) ORDER BY external_id',
    [problemIds],
  );
  const cIndex = new Map(checkpoints.rows.map((c, i) => [c.id, i]));
  const pIndex = new Map(problems.map((p, i) => [p.id, i]));
  const size = checkpoints.rows.length * problems.length;
  const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, new Array<number>(size).fill(f === 'n' ? -1 : 0)])) as StudyData['counts'];
  for (const row of cells.rows) {
    const c = cIndex.get(row.checkpoint_id);
    const p = pIndex.get(row.problem_id);
    if (c === undefined || p === undefined) continue;
    for (const f of COUNT_FIELDS) counts[f][c * problems.length + p] = row[f];
  }
  return {
    studyId,
    dataVersion,
    filters,
    checkpoints: checkpoints.rows.map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role,
      alpha: c.alpha ?? (c.role === 'LOW' ? 0 : c.role === 'HIGH' ? 1 : null),
      scale: c.model_scale,
    })),
    problems: problems.map((p) => ({ id: p.id, externalId: p.external_id, title: p.title, difficulty: p.difficulty })),
    counts,
  };
}

/** The study's data as a JSON string (what the API sends), cached per data version. */
export async function getStudyDataJson(studyId: number, filters: Filters): Promise<string> {
  const version = await studyVersion(studyId); // 404 for an unknown study
  return cachedByVersion(`data:${studyId}${filtersToSearch(filters)}`, version, async () => {
    const db = await getDb();
    const { rows } = await db.pool.query<{ data_version: number }>('SELECT data_version FROM study WHERE id = $1', [studyId]);
    return JSON.stringify(await read(studyId, rows[0]!.data_version, filters));
  });
}

export async function getStudyData(studyId: number, filters: Filters): Promise<StudyData> {
  return JSON.parse(await getStudyDataJson(studyId, filters)) as StudyData;
}
