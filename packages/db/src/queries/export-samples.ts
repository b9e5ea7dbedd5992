import { VERDICTS, type ReleaseWindow } from '@frontier/core';
import type { TableColumn, TableRow } from '@frontier/formats';
import type { Db } from '../client';
import { releaseWindowParams, releaseWindowSql } from './release-window-sql';
import { programText } from '../program-codec';

// One row per sample of a study, for notebooks: run by run in the aggregate export's order, each
// run read in keyset pages over the sample table's primary key (run_id, problem_id, idx), so
// memory holds one page whatever the study's size and no page costs more than the last.

/** The samples export's columns, in order; `code` only when asked (programs are most of the bytes). */
export function sampleExportColumns(code: boolean): readonly TableColumn[] {
  return [
    { name: 'checkpoint', type: 'string' },
    { name: 'alpha', type: 'double', nullable: true },
    { name: 'setting', type: 'string' },
    { name: 'scale', type: 'string' },
    { name: 'problem_id', type: 'string' },
    { name: 'idx', type: 'int' },
    { name: 'verdict', type: 'string', nullable: true },
    { name: 'failure_class', type: 'string', nullable: true },
    { name: 'coverage_passed', type: 'int', nullable: true },
    { name: 'test_verdicts', type: 'string', list: true },
    { name: 'test_cpu_ms', type: 'int', list: true },
    { name: 'test_peak_kib', type: 'int', list: true },
    // How the verdict was reached (null where not recorded: imported, or judged before versions).
    { name: 'sandbox', type: 'string', nullable: true },
    { name: 'judge_version', type: 'int', nullable: true },
    { name: 'limit_cpu_ms', type: 'int', nullable: true },
    { name: 'limit_memory_kib', type: 'int', nullable: true },
    { name: 'machine', type: 'string', nullable: true },
    { name: 'response_chars', type: 'int', nullable: true },
    { name: 'completion_tokens', type: 'int', nullable: true },
    ...(code ? [{ name: 'code', type: 'string' } as const] : []),
  ];
}

export interface SampleExportOptions {
  code?: boolean;
  /** Only problems released within it (undated ones are left out when it has a bound). */
  window?: ReleaseWindow;
  /** Rows per database round trip (default 5,000). */
  pageSize?: number;
  /** Samples of problems the study excludes too (left out by default). */
  includeExcluded?: boolean;
}

interface RunRow {
  id: number;
  checkpoint: string;
  alpha: number | null;
  setting: string;
  scale: string;
}

interface SampleRow {
  problem_id: number;
  external_id: string;
  idx: number;
  verdict: string | null;
  failure_class: string | null;
  coverage_passed: number | null;
  test_verdicts: number[] | null;
  test_cpu_ms: (number | null)[] | null;
  test_peak_kib: (number | null)[] | null;
  sandbox: string | null;
  judge_version: number | null;
  limit_cpu_ms: number | null;
  limit_memory_kib: number | null;
  machine: string | null;
  response_chars: number | null;
  completion_tokens: number | null;
  code?: string | null;
  codeZ?: Buffer | null;
}

const RUNS_SQL = `
  SELECT r.id, c.name AS checkpoint, c.alpha, r.setting, c.model_scale AS scale
  FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
  WHERE c.study_id = $1 ORDER BY c.alpha ASC NULLS LAST, c.name, r.setting, r.id`;

const pageSql = (code: boolean) => `
  SELECT s.problem_id, p.external_id, s.idx, s.verdict::text AS verdict, s.failure_class::text AS failure_class,
         s.coverage_passed, s.test_verdicts, s.test_cpu_ms, s.test_peak_kib,
         s.sandbox::text AS sandbox, s.judge_version, s.limit_cpu_ms, s.limit_memory_kib, s.machine,
         s.response_chars, s.completion_tokens${code ? ', s.code, s.code_z AS "codeZ"' : ''}
  FROM sample s JOIN problem p ON p.id = s.problem_id
  WHERE s.run_id = $1 AND (s.problem_id, s.idx) > ($2, $3) AND ${releaseWindowSql(5, 6)}
    AND ($7 OR NOT EXISTS (SELECT 1 FROM problem_exclusion x WHERE x.study_id = $8 AND x.problem_id = s.problem_id))
  ORDER BY s.problem_id, s.idx LIMIT $4`;

/** Pages of sample rows (see sampleExportColumns), per-test verdicts by name, absent per-test records as []. */
export async function* exportSamples(
  db: Db,
  studyId: number,
  options: SampleExportOptions = {},
): AsyncGenerator<TableRow[]> {
  const code = options.code ?? false;
  const limit = options.pageSize ?? 5_000;
  const sql = pageSql(code);
  const { rows: runs } = await db.pool.query<RunRow>(RUNS_SQL, [studyId]);
  for (const run of runs) {
    let after = { problemId: 0, idx: -1 };
    for (;;) {
      const { rows } = await db.pool.query<SampleRow>(sql, [
        run.id,
        after.problemId,
        after.idx,
        limit,
        ...releaseWindowParams(options.window ?? {}),
        options.includeExcluded ?? false,
        studyId,
      ]);
      if (rows.length > 0) yield rows.map((s) => toRow(run, s, code));
      if (rows.length < limit) break;
      const last = rows[rows.length - 1]!;
      after = { problemId: last.problem_id, idx: last.idx };
    }
  }
}

function toRow(run: RunRow, s: SampleRow, code: boolean): TableRow {
  return {
    checkpoint: run.checkpoint,
    alpha: run.alpha,
    setting: run.setting,
    scale: run.scale,
    problem_id: s.external_id,
    idx: s.idx,
    verdict: s.verdict,
    failure_class: s.failure_class,
    coverage_passed: s.coverage_passed,
    test_verdicts: (s.test_verdicts ?? []).map((v) => VERDICTS[v] ?? null),
    test_cpu_ms: s.test_cpu_ms ?? [],
    test_peak_kib: s.test_peak_kib ?? [],
    sandbox: s.sandbox,
    judge_version: s.judge_version,
    limit_cpu_ms: s.limit_cpu_ms,
    limit_memory_kib: s.limit_memory_kib,
    machine: s.machine,
    response_chars: s.response_chars,
    completion_tokens: s.completion_tokens,
    ...(code ? { code: programText({ code: s.code ?? null, codeZ: s.codeZ ?? null }) } : {}),
  };
}
