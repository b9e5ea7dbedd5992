import type pg from 'pg';

export interface StudySummary {
  id: number;
  name: string;
  origin: string;
  checkpoints: number;
  samples: number;
  dataVersion: number;
}

// Counts come from the aggregates (n + IE + pending = every stored sample), not from raw samples.
export async function listStudies(pool: pg.Pool): Promise<StudySummary[]> {
  const { rows } = await pool.query<{ id: number; name: string; origin: string; checkpoints: string; samples: string; data_version: number }>(
    `SELECT s.id, s.name, s.origin, s.data_version,
       (SELECT count(*) FROM checkpoint c WHERE c.study_id = s.id) AS checkpoints,
       (SELECT coalesce(sum(a.n + a.ie + a.pending), 0) FROM run_problem_aggregate a
          JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = s.id) AS samples
     FROM study s ORDER BY s.name`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, origin: r.origin, checkpoints: Number(r.checkpoints), samples: Number(r.samples), dataVersion: r.data_version }));
}

export async function findStudy(pool: pg.Pool, nameOrId: string): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await pool.query<{ id: number; name: string }>(
    `SELECT id, name FROM study WHERE name = $1 OR ($1 ~ '^[0-9]+$' AND id = $1::int) ORDER BY (name = $1) DESC LIMIT 1`,
    [nameOrId],
  );
  return rows[0];
}
