import { join } from 'node:path';
import type { OpenDatabase } from '@frontier/db';
import { writeSyntheticSweep } from '@frontier/formats';
import { runImport } from '../import/run-import';
import { studyImportFor } from '../import/sources';

export const EXAMPLE_STUDY = 'Synthetic example sweep';

// On an empty database, import a synthetic LiveCodeBench-format sweep made by the seeded
// generator in @frontier/formats, so the first page already shows a frontier. It is labelled
// synthetic everywhere it appears.
export async function seedExampleIfEmpty(opened: OpenDatabase, dataDir: string, log: (line: string) => void): Promise<void> {
  const { rows } = await opened.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM study');
  if (Number(rows[0]!.n) > 0) return;
  log('empty database: importing the synthetic example sweep');
  const sweep = await writeSyntheticSweep({ dir: join(dataDir, 'example-sweep'), seed: 20261130 });
  const input = await studyImportFor(sweep.manifestPath, { study: EXAMPLE_STUDY });
  input.study.origin = 'synthetic';
  input.study.description =
    'SYNTHETIC data from a seeded generator (not real model outputs): it only illustrates the views.';
  const summary = await runImport(opened, input);
  log(`example imported: ${summary.problems} problems, ${summary.runs} checkpoints, ${summary.samples} samples`);
}
