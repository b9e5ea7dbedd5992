import { failureClassOf, type SandboxBackend, type Verdict } from '@frontier/core';
import type { Db } from '../client';
import type { Queryable } from '../queryable';

// An array literal for a text parameter cast to int[] on the server (arrays of unequal lengths
// cannot travel as one multidimensional array).
const pgArray = (values: number[]) => `{${values.join(',')}}`;

export interface Judged {
  verdict: Verdict;
  coveragePassed: number;
  testVerdicts: number[];
  testCpuMs: number[];
  testPeakKib: number[];
  reruns: number;
  /** The backend that ran the tests; null when none ran (an empty program). */
  sandbox: SandboxBackend | null;
  /** How the verdict was reached (JUDGE_VERSION, limits as applied, CPU model); null where no test ran. */
  judgeVersion: number | null;
  limitCpuMs: number | null;
  limitMemoryKib: number | null;
  machine: string | null;
}

/** Results of programs judged before, by program key (see the judge step). */
export async function cachedResults(db: Db, keys: string[]): Promise<Map<string, Judged>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.pool.query<{
    key: string;
    verdict: Verdict;
    coverage_passed: number;
    test_verdicts: number[];
    test_cpu_ms: number[];
    test_peak_kib: number[];
    reruns: number;
    sandbox: SandboxBackend;
    judge_version: number | null;
    limit_cpu_ms: number | null;
    limit_memory_kib: number | null;
    machine: string | null;
  }>(
    `SELECT key, verdict, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib, reruns, sandbox,
            judge_version, limit_cpu_ms, limit_memory_kib, machine
     FROM judged_program WHERE key = ANY($1::text[])`,
    [keys],
  );
  return new Map(
    rows.map((r) => [
      r.key,
      {
        verdict: r.verdict,
        coveragePassed: r.coverage_passed,
        testVerdicts: r.test_verdicts,
        testCpuMs: r.test_cpu_ms,
        testPeakKib: r.test_peak_kib,
        reruns: r.reruns,
        sandbox: r.sandbox,
        judgeVersion: r.judge_version,
        limitCpuMs: r.limit_cpu_ms,
        limitMemoryKib: r.limit_memory_kib,
        machine: r.machine,
      },
    ]),
  );
}

// A judge fault (IE) is never remembered: the next run judges that program again. Neither is a
// result no sandbox produced. `replace` (a forced re-judging) overwrites the stored result of the
// same key; otherwise the first result stands.
export async function rememberResults(db: Db, results: Map<string, Judged>, replace = false): Promise<void> {
  const list = [...results].filter(([, r]) => r.verdict !== 'IE' && r.sandbox !== null);
  if (list.length === 0) return;
  const onConflict = replace
    ? `DO UPDATE SET verdict = EXCLUDED.verdict, coverage_passed = EXCLUDED.coverage_passed, test_verdicts = EXCLUDED.test_verdicts,
         test_cpu_ms = EXCLUDED.test_cpu_ms, test_peak_kib = EXCLUDED.test_peak_kib, reruns = EXCLUDED.reruns, sandbox = EXCLUDED.sandbox,
         judge_version = EXCLUDED.judge_version, limit_cpu_ms = EXCLUDED.limit_cpu_ms, limit_memory_kib = EXCLUDED.limit_memory_kib,
         machine = EXCLUDED.machine, created_at = now()`
    : 'DO NOTHING';
  await db.pool.query(
    `INSERT INTO judged_program (key, verdict, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib, reruns, sandbox,
                                 judge_version, limit_cpu_ms, limit_memory_kib, machine)
     SELECT k, v::"Verdict", c, tv::smallint[], tc::int[], tp::int[], r, sb::"SandboxBackend", jv, lc, lm, m
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[],
                 $9::int[], $10::int[], $11::int[], $12::text[]) AS t(k, v, c, tv, tc, tp, r, sb, jv, lc, lm, m)
     ON CONFLICT (key) ${onConflict}`,
    [
      list.map(([k]) => k),
      list.map(([, r]) => r.verdict),
      list.map(([, r]) => r.coveragePassed),
      list.map(([, r]) => pgArray(r.testVerdicts)),
      list.map(([, r]) => pgArray(r.testCpuMs)),
      list.map(([, r]) => pgArray(r.testPeakKib)),
      list.map(([, r]) => r.reruns),
      list.map(([, r]) => r.sandbox),
      list.map(([, r]) => r.judgeVersion),
      list.map(([, r]) => r.limitCpuMs),
      list.map(([, r]) => r.limitMemoryKib),
      list.map(([, r]) => r.machine),
    ],
  );
}

/** One sample's new verdict. */
export interface VerdictRow {
  problemId: number;
  idx: number;
  judged: Judged;
}

/**
 * Writes verdicts onto samples still unjudged; a sample judged by an earlier attempt is left alone.
 * Returns how many it wrote.
 */
export async function storeVerdicts(db: Queryable, runId: number, rows: VerdictRow[]): Promise<number> {
  return writeVerdicts(db, runId, rows, 's.verdict IS NULL');
}

/** Writes verdicts over whatever the samples had (re-judging). Returns how many it wrote. */
export async function replaceVerdicts(db: Queryable, runId: number, rows: VerdictRow[]): Promise<number> {
  return writeVerdicts(db, runId, rows, 'true');
}

async function writeVerdicts(db: Queryable, runId: number, rows: VerdictRow[], where: string): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await db.query(
    `UPDATE sample s SET verdict = t.v::"Verdict", failure_class = t.f::"FailureClass", coverage_passed = t.c,
       test_verdicts = t.tv::smallint[], test_cpu_ms = t.tc::int[], test_peak_kib = t.tp::int[], sandbox = t.sb::"SandboxBackend",
       judge_version = t.jv, limit_cpu_ms = t.lc, limit_memory_kib = t.lm, machine = t.m, judged_at = now()
     FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[],
                 $11::int[], $12::int[], $13::int[], $14::text[]) AS t(p, i, v, f, c, tv, tc, tp, sb, jv, lc, lm, m)
     WHERE s.run_id = $1 AND s.problem_id = t.p AND s.idx = t.i AND ${where}`,
    [
      runId,
      rows.map((r) => r.problemId),
      rows.map((r) => r.idx),
      rows.map((r) => r.judged.verdict),
      rows.map((r) => failureClassOf(r.judged.verdict)),
      rows.map((r) => r.judged.coveragePassed),
      rows.map((r) => pgArray(r.judged.testVerdicts)),
      rows.map((r) => pgArray(r.judged.testCpuMs)),
      rows.map((r) => pgArray(r.judged.testPeakKib)),
      rows.map((r) => r.judged.sandbox),
      rows.map((r) => r.judged.judgeVersion),
      rows.map((r) => r.judged.limitCpuMs),
      rows.map((r) => r.judged.limitMemoryKib),
      rows.map((r) => r.judged.machine),
    ],
  );
  return rowCount ?? 0;
}
