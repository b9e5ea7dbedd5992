import { responseChars } from '@frontier/core';
import { programText } from './program-codec';
import type { Queryable } from './queryable';

const BATCH = 5000;

/**
 * Fills sample.response_chars where it is NULL, from the stored program: rows written before the
 * response_length migration (the files and servers they came from kept no more of the response),
 * or by hand. Compressed programs (code_z) cannot be decoded in SQL, hence here. `runIds` narrows
 * it to those runs; without it, every run. The partial index sample_response_chars_missing finds
 * the rows, so a database with none costs one index probe. Returns the runs it changed.
 */
export async function fillResponseChars(pool: Queryable, runIds?: readonly number[]): Promise<number[]> {
  const changed = new Set<number>();
  for (;;) {
    const { rows } = await pool.query<{
      run_id: number;
      problem_id: number;
      idx: number;
      code: string | null;
      codeZ: Buffer | null;
    }>(
      `SELECT run_id, problem_id, idx, code, code_z AS "codeZ" FROM sample
       WHERE response_chars IS NULL AND ($1::int[] IS NULL OR run_id = ANY($1::int[])) LIMIT ${BATCH}`,
      [runIds ?? null],
    );
    if (rows.length === 0) break;
    await pool.query(
      `UPDATE sample s SET response_chars = t.c
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS t(r, p, i, c)
       WHERE s.run_id = t.r AND s.problem_id = t.p AND s.idx = t.i`,
      [
        rows.map((r) => r.run_id),
        rows.map((r) => r.problem_id),
        rows.map((r) => r.idx),
        rows.map((r) => responseChars(programText(r))),
      ],
    );
    for (const r of rows) changed.add(r.run_id);
  }
  return [...changed];
}
