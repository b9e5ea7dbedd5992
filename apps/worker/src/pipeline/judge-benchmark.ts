import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Benchmark, Checker, Problem } from '@frontier/judge';

export interface StoredBenchmark {
  benchmark: Benchmark;
  /** problem id (database) -> external id */
  externalIds: Map<number, string>;
  /** external id -> sha256 of everything that decides a verdict except the program */
  problemKeys: Map<string, string>;
}

// The benchmark's problems and hidden tests as the judge takes them, read from the database.
export async function loadStoredBenchmark(pool: pg.Pool, benchmarkId: number): Promise<StoredBenchmark> {
  const { rows: problems } = await pool.query<{ id: number; external_id: string; title: string; difficulty: string; time_limit_ms: number | null; memory_limit_mb: number | null; checker: Checker | null }>(
    'SELECT id, external_id, title, difficulty, time_limit_ms, memory_limit_mb, checker FROM problem WHERE benchmark_id = $1',
    [benchmarkId],
  );
  const { rows: tests } = await pool.query<{ problem_id: number; tier: number; input: string; expected: string }>(
    'SELECT t.problem_id, t.tier, t.input, t.expected FROM test t JOIN problem p ON p.id = t.problem_id WHERE p.benchmark_id = $1 ORDER BY t.problem_id, t.ordinal',
    [benchmarkId],
  );
  const byProblem = new Map<number, Problem['tests']>();
  for (const t of tests) {
    if (!byProblem.has(t.problem_id)) byProblem.set(t.problem_id, []);
    byProblem.get(t.problem_id)!.push({ tier: t.tier, input: t.input, output: t.expected });
  }
  const map = new Map<string, Problem>();
  const externalIds = new Map<number, string>();
  const problemKeys = new Map<string, string>();
  for (const p of problems) {
    const limits = { ...(p.time_limit_ms ? { timeS: p.time_limit_ms / 1000 } : {}), ...(p.memory_limit_mb ? { memoryMib: p.memory_limit_mb } : {}) };
    const checker = p.checker ?? { mode: 'tokens' };
    const problemTests = byProblem.get(p.id) ?? [];
    map.set(p.external_id, { id: p.external_id, title: p.title, difficulty: p.difficulty, limits, checker, tests: problemTests });
    externalIds.set(p.id, p.external_id);
    const h = createHash('sha256').update(JSON.stringify({ limits, checker }));
    for (const t of problemTests) h.update(`\0${t.tier}\0${t.input}\0${t.output}`);
    problemKeys.set(p.external_id, h.digest('hex'));
  }
  return { benchmark: { name: String(benchmarkId), format: 'frontier', problems: map }, externalIds, problemKeys };
}

export function programKey(problemKey: string, language: string, code: string): string {
  return createHash('sha256').update(problemKey).update('\0').update(language).update('\0').update(code).digest('hex');
}
