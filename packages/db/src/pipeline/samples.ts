import type { Db } from '../client';
import { encodeProgram, programText } from '../program-codec';

export interface NewSample {
  problemId: number;
  idx: number;
  language: string;
  code: string;
  /** The whole response's length in characters (the program is part of it). */
  responseChars: number;
  /** Completion tokens of this one response; null unless known exactly. */
  completionTokens: number | null;
}

// Inserts generated samples keyed by (run, problem, idx): a retried or restarted generate step
// re-inserts nothing, so every sample exists exactly once. Programs go in compressed (code_z).
export async function insertSamples(db: Db, runId: number, samples: NewSample[]): Promise<number> {
  if (samples.length === 0) return 0;
  const { rowCount } = await db.pool.query(
    `INSERT INTO sample (run_id, problem_id, idx, language, code_z, response_chars, completion_tokens)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::bytea[], $6::int[], $7::int[])
     ON CONFLICT (run_id, problem_id, idx) DO NOTHING`,
    [
      runId,
      samples.map((s) => s.problemId),
      samples.map((s) => s.idx),
      samples.map((s) => s.language),
      samples.map((s) => encodeProgram(s.code)),
      samples.map((s) => s.responseChars),
      samples.map((s) => s.completionTokens),
    ],
  );
  return rowCount ?? 0;
}

/** Per problem, the sample indexes that already exist in a run. */
export async function existingIndexes(db: Db, runId: number): Promise<Map<number, Set<number>>> {
  const { rows } = await db.pool.query<{ problem_id: number; idx: number }>(
    'SELECT problem_id, idx FROM sample WHERE run_id = $1',
    [runId],
  );
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    if (!out.has(r.problem_id)) out.set(r.problem_id, new Set());
    out.get(r.problem_id)!.add(r.idx);
  }
  return out;
}

/** How many samples a run has, and how many of them wait for the judge. */
export async function countRunSamples(db: Db, runId: number): Promise<{ total: number; unjudged: number }> {
  const { rows } = await db.pool.query<{ total: string; unjudged: string }>(
    'SELECT count(*) AS total, count(*) FILTER (WHERE verdict IS NULL) AS unjudged FROM sample WHERE run_id = $1',
    [runId],
  );
  return { total: Number(rows[0]!.total), unjudged: Number(rows[0]!.unjudged) };
}

export interface UnjudgedSample {
  problemId: number;
  idx: number;
  language: 'python' | 'cpp';
  code: string;
}

/** The next unjudged samples of a run after (problemId, idx), in key order (keyset pagination). */
export async function nextUnjudgedSamples(
  db: Db,
  runId: number,
  after: { problemId: number; idx: number },
  limit: number,
): Promise<UnjudgedSample[]> {
  const { rows } = await db.pool.query<Omit<UnjudgedSample, 'code'> & { code: string | null; codeZ: Buffer | null }>(
    `SELECT problem_id AS "problemId", idx, language, code, code_z AS "codeZ" FROM sample
     WHERE run_id = $1 AND verdict IS NULL AND (problem_id, idx) > ($2, $3)
     ORDER BY problem_id, idx LIMIT $4`,
    [runId, after.problemId, after.idx, limit],
  );
  return rows.map((r) => ({ problemId: r.problemId, idx: r.idx, language: r.language, code: programText(r) }));
}
