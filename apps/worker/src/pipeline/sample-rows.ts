import type pg from 'pg';

export interface NewSample {
  problemId: number;
  idx: number;
  language: string;
  code: string;
}

// Inserts generated samples keyed by (run, problem, idx): a retried or restarted generate step
// re-inserts nothing, so every sample exists exactly once.
export async function insertSamples(pool: pg.Pool, runId: number, samples: NewSample[]): Promise<number> {
  if (samples.length === 0) return 0;
  const { rowCount } = await pool.query(
    `INSERT INTO sample (run_id, problem_id, idx, language, code)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[])
     ON CONFLICT (run_id, problem_id, idx) DO NOTHING`,
    [runId, samples.map((s) => s.problemId), samples.map((s) => s.idx), samples.map((s) => s.language), samples.map((s) => s.code)],
  );
  return rowCount ?? 0;
}

/** Sample indexes of a problem that already exist in a run. */
export async function existingIndexes(pool: pg.Pool, runId: number): Promise<Map<number, Set<number>>> {
  const { rows } = await pool.query<{ problem_id: number; idx: number }>('SELECT problem_id, idx FROM sample WHERE run_id = $1', [runId]);
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    if (!out.has(r.problem_id)) out.set(r.problem_id, new Set());
    out.get(r.problem_id)!.add(r.idx);
  }
  return out;
}
