import type { Queryable } from '../queryable';
import type { CheckpointSpec, ProblemRecord } from './types';

// The one writer of each of these tables' rows. They are SQL, not Prisma Client, because the
// import calls them inside the transaction that COPYs its samples, which Prisma cannot join.
type Client = Queryable;

export async function upsertStudy(
  client: Client,
  s: { name: string; description?: string; origin?: string },
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO study (name, description, origin) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET description = CASE WHEN EXCLUDED.description = '' THEN study.description ELSE EXCLUDED.description END,
       origin = EXCLUDED.origin, updated_at = now()
     RETURNING id`,
    [s.name, s.description ?? '', s.origin ?? 'import'],
  );
  return rows[0]!.id;
}

export async function upsertBenchmark(client: Client, name: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO benchmark (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

export async function upsertCheckpoint(client: Client, studyId: number, c: CheckpointSpec): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO checkpoint (study_id, name, role, alpha, model_scale, coverage_level, uri, recipe)
     VALUES ($1, $2, $3::"CheckpointRole", $4, $5, $6, $7, $8)
     ON CONFLICT (study_id, name) DO UPDATE SET role = EXCLUDED.role, alpha = EXCLUDED.alpha,
       model_scale = EXCLUDED.model_scale, coverage_level = COALESCE(EXCLUDED.coverage_level, checkpoint.coverage_level),
       uri = COALESCE(EXCLUDED.uri, checkpoint.uri), recipe = COALESCE(EXCLUDED.recipe, checkpoint.recipe)
     RETURNING id`,
    [studyId, c.name, c.role, c.alpha, c.scale, c.coverageLevel ?? null, c.uri ?? null, c.recipe ?? null],
  );
  return rows[0]!.id;
}

// Merged checkpoints of a study point at its trained endpoints of the same model scale.
export async function linkParents(client: Client, studyId: number): Promise<void> {
  await client.query(
    `UPDATE checkpoint m SET
       parent_lo_id = (SELECT id FROM checkpoint e WHERE e.study_id = m.study_id AND e.role = 'LOW' AND e.model_scale = m.model_scale ORDER BY id LIMIT 1),
       parent_hi_id = (SELECT id FROM checkpoint e WHERE e.study_id = m.study_id AND e.role = 'HIGH' AND e.model_scale = m.model_scale ORDER BY id LIMIT 1)
     WHERE m.study_id = $1 AND m.role = 'MERGED'`,
    [studyId],
  );
}

/** The run of a checkpoint on a benchmark, setting and sampling: the same parameters always name the same run. */
export async function upsertRun(
  client: Client,
  checkpointId: number,
  benchmarkId: number,
  setting: string,
  sampling: Record<string, unknown>,
): Promise<{ id: number; sourceHash: string | null }> {
  const key = canonicalJson(sampling);
  const { rows } = await client.query<{ id: number; source_hash: string | null }>(
    `INSERT INTO eval_run (checkpoint_id, benchmark_id, setting, sampling, sampling_key) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (checkpoint_id, benchmark_id, setting, sampling_key) DO UPDATE SET setting = EXCLUDED.setting
     RETURNING id, source_hash`,
    [checkpointId, benchmarkId, setting, sampling, key],
  );
  return { id: rows[0]!.id, sourceHash: rows[0]!.source_hash };
}

/** The fields of a problem record that carry a value: blank metadata ('' or null) says nothing. */
function givenFields(p: ProblemRecord): Partial<ProblemRecord> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** Inserts or refreshes problems; returns external id -> problem id. Metadata left blank keeps what is stored. */
export async function upsertProblems(
  client: Client,
  benchmarkId: number,
  problems: ProblemRecord[],
): Promise<Map<string, number>> {
  // A problem listed twice in one batch (a JSONL file has a record per sample) keeps what either
  // record gives: a later record without a title must not blank the title of an earlier one.
  const unique = new Map<string, ProblemRecord>();
  for (const p of problems)
    unique.set(p.externalId, { ...unique.get(p.externalId), ...givenFields(p), externalId: p.externalId });
  const list = [...unique.values()];
  const { rows } = await client.query<{ id: number; external_id: string }>(
    `INSERT INTO problem (benchmark_id, external_id, title, difficulty, platform, contest_date, statement)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[])
     ON CONFLICT (benchmark_id, external_id) DO UPDATE SET
       title = COALESCE(NULLIF(EXCLUDED.title, ''), problem.title),
       difficulty = CASE WHEN EXCLUDED.difficulty = 'unknown' THEN problem.difficulty ELSE EXCLUDED.difficulty END,
       platform = COALESCE(NULLIF(EXCLUDED.platform, ''), problem.platform),
       contest_date = COALESCE(EXCLUDED.contest_date, problem.contest_date),
       statement = COALESCE(EXCLUDED.statement, problem.statement)
     RETURNING id, external_id`,
    [
      benchmarkId,
      list.map((p) => p.externalId),
      list.map((p) => p.title ?? ''),
      list.map((p) => p.difficulty ?? 'unknown'),
      list.map((p) => p.platform ?? ''),
      list.map((p) => p.contestDate ?? null),
      list.map((p) => p.statement ?? null),
    ],
  );
  return new Map(rows.map((r) => [r.external_id, r.id]));
}

/** JSON with object keys sorted at every level: the run's sampling key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
