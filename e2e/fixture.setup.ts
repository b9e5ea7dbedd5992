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
    const manifest = execFileSync(bin('tsx'), [join(repoRoot, 'e2e/support/write-sweep.ts'), dir], { encoding: 'utf8' }).trim();
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
