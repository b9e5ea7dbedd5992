import type { Db } from '../client';
import { withTransaction } from '../transaction';

export interface BenchmarkProblemInput {
  externalId: string;
  title?: string;
  difficulty?: string;
  statement?: string;
  timeLimitMs?: number;
  memoryLimitMb?: number;
  /** When the problem was published; a later import without one keeps the stored date. */
  contestDate?: Date | null;
  checker?: Record<string, unknown>;
  tests: { tier: number; input: string; expected: string }[];
}

// Stores a benchmark with its hidden tests, replacing the tests of every problem it lists, in one
// transaction. Returns external id -> problem id.
export async function importBenchmark(
  db: Db,
  input: { name: string; tiering?: string; problems: BenchmarkProblemInput[] },
): Promise<{ benchmarkId: number; problemIds: Map<string, number> }> {
  return withTransaction(db.pool, async (client) => {
    const { rows: b } = await client.query<{ id: number }>(
      `INSERT INTO benchmark (name, tiering) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET tiering = EXCLUDED.tiering RETURNING id`,
      [input.name, input.tiering ?? 'given'],
    );
    const benchmarkId = b[0]!.id;
    const problemIds = new Map<string, number>();
    for (const p of input.problems) {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO problem (benchmark_id, external_id, title, difficulty, statement, time_limit_ms, memory_limit_mb, checker, contest_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (benchmark_id, external_id) DO UPDATE SET title = EXCLUDED.title, difficulty = EXCLUDED.difficulty,
           statement = EXCLUDED.statement, time_limit_ms = EXCLUDED.time_limit_ms, memory_limit_mb = EXCLUDED.memory_limit_mb,
           checker = EXCLUDED.checker, contest_date = COALESCE(EXCLUDED.contest_date, problem.contest_date)
         RETURNING id`,
        [
          benchmarkId,
          p.externalId,
          p.title ?? '',
          p.difficulty ?? 'unknown',
          p.statement ?? null,
          p.timeLimitMs ?? null,
          p.memoryLimitMb ?? null,
          p.checker ?? null,
          p.contestDate ?? null,
        ],
      );
      const id = rows[0]!.id;
      problemIds.set(p.externalId, id);
      await client.query('DELETE FROM test WHERE problem_id = $1', [id]);
      await client.query(
        `INSERT INTO test (problem_id, ordinal, tier, input, expected)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[])`,
        [
          id,
          p.tests.map((_, i) => i),
          p.tests.map((t) => t.tier),
          p.tests.map((t) => t.input),
          p.tests.map((t) => t.expected),
        ],
      );
    }
    return { benchmarkId, problemIds };
  });
}
