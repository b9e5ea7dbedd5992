import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as setup } from '@playwright/test';
import { closeDatabase, databaseUrl, dataDir, query } from './support/database';
import { FIXTURE_STUDY } from './support/fixture';

// Loads the data the other tests read: a small synthetic sweep, imported with the real CLI into
// the database of the server under test, then aggregated by the real worker. Deterministic (fixed
// seed) and idempotent (importing the same files again changes nothing).

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

setup.afterAll(closeDatabase);

setup('import the fixture sweep and wait for its aggregates', async () => {
  setup.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-'));
  try {
    const manifest = execFileSync(bin('tsx'), [join(repoRoot, 'e2e/support/write-sweep.ts'), dir], {
      encoding: 'utf8',
    }).trim();
    expect(existsSync(manifest)).toBe(true);
    execFileSync('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), 'import', manifest, '--study', FIXTURE_STUDY], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
      stdio: 'inherit',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The CLI has no flag for a study's origin; this data is generated, so say so like the app must.
  await query(`UPDATE study SET origin = 'synthetic' WHERE name = $1`, [FIXTURE_STUDY]);

  // Aggregation is the worker's job: wait until every run's aggregates account for all its samples.
  await expect
    .poll(
      async () => {
        const rows = await query<{ incomplete: number }>(
          `SELECT count(*)::int AS incomplete FROM checkpoint c JOIN study s ON s.id = c.study_id
           JOIN eval_run r ON r.checkpoint_id = c.id
           WHERE s.name = $1 AND (SELECT count(*) FROM sample x WHERE x.run_id = r.id) <>
             (SELECT coalesce(sum(a.n + a.ie + a.pending), 0) FROM run_problem_aggregate a WHERE a.run_id = r.id)`,
          [FIXTURE_STUDY],
        );
        return rows[0]!.incomplete;
      },
      { timeout: 240_000, intervals: [1_000, 2_000, 5_000], message: 'the worker aggregates the imported runs' },
    )
    .toBe(0);
});

// `npm start` builds the demo lab study through the worker pipeline on a fresh database. Views
// tested on it (judged samples with per-test records, triage evidence, evaluate) need it done.
setup('wait for the demo lab study that npm start builds', async () => {
  setup.setTimeout(480_000);
  const demo = await query<{ id: number }>(`SELECT id FROM study WHERE origin = 'demo' ORDER BY id LIMIT 1`);
  expect(demo.length, 'npm start creates the demo lab study on an empty database').toBe(1);
  await expect
    .poll(
      async () => {
        const rows = await query<{ open: number; failed: number; alphas: number }>(
          `SELECT count(*) FILTER (WHERE j.state IN ('QUEUED', 'RUNNING'))::int AS open,
                  count(*) FILTER (WHERE j.state = 'FAILED')::int AS failed,
                  (SELECT count(DISTINCT r.checkpoint_id)::int FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
                     JOIN run_problem_aggregate a ON a.run_id = r.id WHERE c.study_id = $1) AS alphas
           FROM pipeline_job j WHERE j.study_id = $1`,
          [demo[0]!.id],
        );
        const r = rows[0]!;
        if (r.failed > 0) throw new Error(`${r.failed} demo pipeline job(s) failed`);
        return r.open === 0 && r.alphas >= 13;
      },
      { timeout: 450_000, intervals: [2_000, 5_000], message: 'the worker finishes the demo lab pipeline' },
    )
    .toBe(true);
});
