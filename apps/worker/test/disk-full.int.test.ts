// The pipeline's merge on a full disk (a small tmpfs; root, skipped otherwise, saying why): the
// attempt fails naming the checkpoint and the space, leaves nothing behind, and the queue's retry
// succeeds once space is freed, with no one touching the job.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEvaluation, type StudyConfigInput } from '@frontier/db';
import { DEMO_ENDPOINTS } from '@frontier/minilab';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../../packages/disk/test/tmpfs';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { spawnWorker, stopWorker, until } from './support';

describe.skipIf(tmpfsUnavailable)(
  `merge step on a full disk${tmpfsUnavailable ? ` (skipped: ${tmpfsUnavailable})` : ''}`,
  () => {
    let t: TestDatabase;
    let fs: Tmpfs;
    let studyId: number;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'frontier-disk-data-'));
      t = await createTestDatabase();
      fs = mountTmpfs('1m');
      const config: StudyConfigInput = {
        benchmark: 'none',
        setting: 'toy policy',
        scale: 'toy',
        language: 'python',
        samplesPerProblem: 1,
        seed: 1,
        backend: { kind: 'toy' },
        endpoints: { lo: DEMO_ENDPOINTS.lo, hi: DEMO_ENDPOINTS.hi },
        checkpointsDir: fs.dir,
      };
      const { rows } = await t.db.pool.query<{ id: number }>(
        `INSERT INTO study (name, origin, config) VALUES ('Full disk', 'demo', $1) RETURNING id`,
        [config],
      );
      studyId = rows[0]!.id;
    });
    afterAll(async () => {
      await t?.drop();
      fs?.unmount();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('fails the attempt naming the checkpoint and the space, removes what an interrupted merge left, and the retry succeeds once space is freed', async () => {
      // What a merge killed mid-write left behind, then a disk full of other things.
      const stale = join(fs.dir, 'alpha=0.5.tmp-0123456789ab');
      mkdirSync(stale);
      writeFileSync(join(stale, 'model.safetensors'), 'partial');
      const filler = fs.fill();
      const w = spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: dataDir });
      try {
        await queueEvaluation(t.db, studyId, [0.5]);
        const merge = async () =>
          (
            await t.db.pool.query<{ state: string; error: string | null; attempts: number }>(
              `SELECT state, error, attempts FROM pipeline_job WHERE study_id = $1 AND kind = 'merge'`,
              [studyId],
            )
          ).rows[0]!;
        const failed = await until('the first attempt to fail', async () =>
          (await merge()).error ? merge() : undefined,
        );
        expect(failed.state).not.toBe('FAILED'); // to be retried
        expect(failed.error).toMatch(
          new RegExp(
            `^no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${fs.dir}/alpha=0.5: needed ~\\d+ KiB, \\d+ (?:B|KiB) free; free some space and retry$`,
          ),
        );
        expect(readdirSync(fs.dir)).toEqual([filler.split('/').pop()]);
        expect(w.output()).toContain(`removed ${stale}, left by an interrupted merge`);
        rmSync(filler);
        const done = await until(
          'the retry to succeed',
          async () => ((await merge()).state === 'SUCCEEDED' ? merge() : undefined),
          60_000,
        );
        expect(done.attempts).toBeGreaterThan(1);
        expect(existsSync(join(fs.dir, 'alpha=0.5', 'merge.json'))).toBe(true);
      } finally {
        await stopWorker(w);
      }
    }, 120_000);
  },
);
