import type { TableColumn } from '@frontier/formats';
import type { ReleaseWindow } from '@frontier/core';
import type { Db } from '../client';
import { releaseWindowParams, releaseWindowSql } from './release-window-sql';

const text = (name: string): TableColumn => ({ name, type: 'string' });
const count = (name: string): TableColumn => ({ name, type: 'int' });

/** The aggregate export's columns, in order. */
export const EXPORT_COLUMNS: readonly TableColumn[] = [
  text('study'),
  text('checkpoint'),
  { name: 'alpha', type: 'double', nullable: true },
  text('setting'),
  text('scale'),
  text('problem_id'),
  text('difficulty'),
  ...['n', 'solved', 'ac', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie'].map(count),
  // Response lengths over the n samples (IE left out): mean = sum / n, in tokens sum / token_samples.
  { name: 'response_chars_sum', type: 'double' },
  { name: 'completion_tokens_sum', type: 'double' },
  count('token_samples'),
];

// Slots 1-7 of the aggregate's length arrays: every verdict but IE (slot 8), as n counts.
const measured = (column: string) => `(SELECT coalesce(sum(x), 0) FROM unnest(a.${column}[1:7]) AS x)`;

export type ExportRow = Record<string, string | number | null>;

// One row per (checkpoint, setting, problem), read from the aggregates, runs in alpha order and
// one run at a time, so a study of any size exports in bounded memory. Problems the study
// excludes are left out unless asked for; with a release window, only the problems released in it.
export async function* exportRows(
  db: Db,
  studyId: number,
  options: { includeExcluded?: boolean; window?: ReleaseWindow } = {},
): AsyncGenerator<ExportRow[]> {
  const runs = await db.prisma.evalRun.findMany({
    where: { checkpoint: { studyId } },
    select: { id: true },
    orderBy: [
      { checkpoint: { alpha: { sort: 'asc', nulls: 'last' } } },
      { checkpoint: { name: 'asc' } },
      { setting: 'asc' },
      { id: 'asc' },
    ],
  });
  for (const run of runs) {
    const { rows } = await db.pool.query<ExportRow>(
      `SELECT s.name AS study, c.name AS checkpoint, c.alpha, r.setting, c.model_scale AS scale,
         p.external_id AS problem_id, p.difficulty, a.n, a.solved, a.ac, a.wa, a.tle, a.mle, a.re, a.ce, a.ole, a.ie,
         ${measured('len_chars')}::float8 AS response_chars_sum, ${measured('len_tokens')}::float8 AS completion_tokens_sum,
         ${measured('len_token_n')}::int AS token_samples
       FROM run_problem_aggregate a
       JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
       JOIN study s ON s.id = c.study_id JOIN problem p ON p.id = a.problem_id
       WHERE a.run_id = $1 AND ${releaseWindowSql(2, 3)} AND ($5 OR NOT EXISTS (
         SELECT 1 FROM problem_exclusion x WHERE x.study_id = $4 AND x.problem_id = a.problem_id))
       ORDER BY p.external_id`,
      [run.id, ...releaseWindowParams(options.window ?? {}), studyId, options.includeExcluded ?? false],
    );
    yield rows;
  }
}
