import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { databaseUrl, query } from './database';

/** The demo study `npm start` creates on an empty database and evaluates with the real pipeline. */
export const DEMO_STUDY = 'Demo lab: toy policy on minilab';

export interface JobInDb {
  id: number;
  kind: string;
  alpha: number | null;
  state: string;
  done: number;
  total: number;
  attempts: number;
  dependsOnId: number | null;
}

export async function jobsInDb(studyId: number, alpha?: number): Promise<JobInDb[]> {
  return query<JobInDb>(
    `SELECT id, kind, alpha, state::text AS state, progress_done AS done, progress_total AS total, attempts, depends_on_id AS "dependsOnId"
     FROM pipeline_job WHERE study_id = $1 AND ($2::float8 IS NULL OR alpha = $2) ORDER BY id`,
    [studyId, alpha ?? null],
  );
}

export async function activeJobs(studyId: number): Promise<number> {
  const rows = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pipeline_job WHERE study_id = $1 AND state IN ('QUEUED', 'RUNNING')`,
    [studyId],
  );
  return rows[0]!.n;
}

/**
 * Forgets what earlier runs of the tests left at these alphas (jobs, merged checkpoints with
 * their runs, the merged weights on disk), so each run evaluates them from scratch.
 */
export async function forgetAlphas(studyId: number, alphas: number[]): Promise<void> {
  await query(`DELETE FROM pipeline_job WHERE study_id = $1 AND alpha = ANY($2::float8[])`, [studyId, alphas]);
  await query(`DELETE FROM checkpoint WHERE study_id = $1 AND role = 'MERGED' AND alpha = ANY($2::float8[])`, [
    studyId,
    alphas,
  ]);
  await query(`UPDATE study SET data_version = data_version + 1 WHERE id = $1`, [studyId]);
  const [study] = await query<{ config: { checkpointsDir?: string } | null }>(
    'SELECT config FROM study WHERE id = $1',
    [studyId],
  );
  const dir = study?.config?.checkpointsDir;
  if (dir) for (const alpha of alphas) rmSync(join(dir, `alpha=${alpha}`), { recursive: true, force: true });
}

export interface JobOnPage {
  id: number;
  kind: string;
  state: string;
  done: number;
  total: number;
  percent: number;
  attempts: number;
}

/** Every job row in (part of) a page, with the exact numbers behind its progress bar. */
export async function jobsOnPage(page: Page, within = 'body'): Promise<JobOnPage[]> {
  return page
    .locator(within)
    .getByTestId('job-row')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const bar = row.querySelector('[data-testid="job-progress"]')!;
        return {
          id: Number(row.getAttribute('data-job-id')),
          kind: row.getAttribute('data-kind') ?? '',
          state: row.getAttribute('data-state') ?? '',
          done: Number(bar.getAttribute('data-done')),
          total: Number(bar.getAttribute('data-total')),
          percent: Number(bar.getAttribute('data-percent')),
          attempts: Number(row.querySelector('[data-testid="job-attempts"]')!.getAttribute('data-value')),
        };
      }),
    );
}

/**
 * Holds every merge step at its checkpoint INSERT (a SHARE lock on the table: reads go on, writes
 * wait), so a chain stays visibly queued for as long as a test needs; the release lets it run.
 */
export async function holdMerges(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE checkpoint IN SHARE MODE');
  return async () => {
    await client.query('COMMIT').catch(() => {});
    await client.end();
  };
}
