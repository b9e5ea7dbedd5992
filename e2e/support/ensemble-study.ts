import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir, databaseUrl, query, waitForAggregates } from './database';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A study with 250 samples per checkpoint and problem (imported once, seed 11), aggregated by the worker. */
export const ENSEMBLE_STUDY = 'E2E ensemble sweep, 250 samples (SYNTHETIC DATA)';

export async function ensureEnsembleStudy(): Promise<number> {
  const existing = await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [ENSEMBLE_STUDY]);
  if (!existing[0]) {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-ensemble-'));
    try {
      const manifest = execFileSync(
        join(repoRoot, 'node_modules/.bin/tsx'),
        [join(repoRoot, 'e2e/support/write-ensemble-sweep.ts'), dir],
        { encoding: 'utf8' },
      ).trim();
      execFileSync(
        'node',
        [join(repoRoot, 'apps/cli/bin/frontier.js'), 'import', manifest, '--study', ENSEMBLE_STUDY],
        {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
          stdio: 'inherit',
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await query(`UPDATE study SET origin = 'synthetic' WHERE name = $1`, [ENSEMBLE_STUDY]);
  }
  const id = (await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [ENSEMBLE_STUDY]))[0]!.id;
  await waitForAggregates(id, 'the ensemble study');
  return id;
}
