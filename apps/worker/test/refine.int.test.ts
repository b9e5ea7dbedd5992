import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob, ConflictError, getJob, InvalidInputError, queueRefinement, refineParamsSchema } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { createToyStudy, spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// Automatic refinement through the real pipeline: a worker process runs the 'refine' job, which
// queues real merge -> generate -> judge -> aggregate chains round after round on a small minilab
// subset, re-estimating from what they stored.
const SUBSET = ['two-sum-count', 'lis-length', 'edit-distance'];
const work = mkdtempSync(join(tmpdir(), 'frontier-refine-'));
chmodSync(work, 0o755);
let t: TestDatabase;
let studyId: number;
let other: number;

const worker = (): WorkerProcess =>
  spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work, WORKER_CONCURRENCY: '2' });
const settings = { k: 1, count: 2, range: [-1, 2] as [number, number] };

async function chainsOf(refineId: number) {
  const { rows } = await t.db.pool.query<{ alpha: number; kind: string; state: string; queuedVia: string | null }>(
    'SELECT alpha, kind, state, queued_via AS "queuedVia" FROM pipeline_job WHERE parent_id = $1 ORDER BY id',
    [refineId],
  );
  return rows;
}

beforeAll(async () => {
  t = await createTestDatabase();
  studyId = await createToyStudy(t.db, { name: 'Refine test', problemIds: SUBSET, samples: 4, work });
  other = await createToyStudy(t.db, {
    name: 'Refine cancel test',
    problemIds: SUBSET,
    samples: 4,
    work: join(work, 'other'),
  });
}, 120_000);
afterAll(async () => t?.drop());

describe('automatic refinement', () => {
  it('refuses settings the study cannot take, and a second run while one is active', async () => {
    await expect(queueRefinement(t.db, studyId, { ...settings, budgetAlphas: 0 })).rejects.toThrow(/alpha budget/);
    await expect(
      queueRefinement(t.db, studyId, { ...settings, budgetAlphas: 2, setting: 'agentic' }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    await expect(
      queueRefinement(t.db, studyId, { ...settings, budgetAlphas: 2, from: '2024-06-01', to: '2024-01-01' }),
    ).rejects.toThrow(/from \(2024-06-01\) is after to/);
    await expect(queueRefinement(t.db, studyId, { ...settings, budgetSamples: 5 })).rejects.toThrow(
      /does not cover one alpha/,
    );
    const id = await queueRefinement(t.db, other, { ...settings, budgetAlphas: 2 });
    await expect(queueRefinement(t.db, other, { ...settings, budgetAlphas: 2 })).rejects.toBeInstanceOf(ConflictError);
    await cancelJob(t.db, id);
    // A release window travels in the run's params, where the worker's step reads it each round.
    const windowed = await queueRefinement(t.db, other, { ...settings, budgetAlphas: 2, from: '2024-01-01' });
    expect(refineParamsSchema.parse((await getJob(t.db, windowed))!.params).settings.from).toBe('2024-01-01');
    await cancelJob(t.db, windowed);
  });

  it('runs rounds of suggested alphas through the pipeline until the budget is spent', async () => {
    const id = await queueRefinement(t.db, studyId, { ...settings, budgetAlphas: 4 }, { queuedVia: 'cli' });
    const w = worker();
    try {
      const done = await until(
        'the refinement run',
        async () => {
          const job = await getJob(t.db, id);
          if (job?.state === 'FAILED') throw new Error(`refine failed: ${job.error}`);
          return job?.state === 'SUCCEEDED' && job;
        },
        280_000,
      );
      const params = refineParamsSchema.parse(done.params);
      // No data at first: the trained endpoints, then two alphas the policy chose from their data.
      expect(params.rounds[0]!.alphas).toEqual([0, 1]);
      expect(params.rounds).toHaveLength(2);
      const second = params.rounds[1]!.alphas;
      expect(second).toHaveLength(2);
      for (const a of second) expect(a >= -1 && a <= 2 && a !== 0 && a !== 1).toBe(true);
      expect(params.rounds[1]!.best).not.toBeNull();
      expect(params.outcome?.reason).toBe('budget');
      expect([done.progressDone, done.progressTotal]).toEqual([4, 4]);
      // Every chain it queued points back at it and ran to the end.
      const chains = await chainsOf(id);
      expect(new Set(chains.map((c) => c.alpha))).toEqual(new Set([0, 1, ...second]));
      expect(chains.every((c) => c.state === 'SUCCEEDED')).toBe(true);
      // ... and was queued from where the run was (the Jobs page says "the CLI" for them too).
      expect(done.queuedVia).toBe('cli');
      expect(chains.every((c) => c.queuedVia === 'cli')).toBe(true);
      // Waiting passes are not attempts, and the run keeps the time it started.
      expect(done.attempts).toBe(1);
      const { rows } = await t.db.pool.query<{ first: Date }>(
        'SELECT min(created_at) AS first FROM pipeline_job WHERE parent_id = $1',
        [id],
      );
      expect(done.startedAt!.getTime()).toBeLessThanOrEqual(rows[0]!.first.getTime());
    } finally {
      await stopWorker(w);
    }
  }, 300_000);

  it('cancelling the run cancels the chains it queued', async () => {
    const id = await queueRefinement(t.db, other, { ...settings, budgetAlphas: 6 });
    const w = worker();
    try {
      await until('the first round', async () => (await chainsOf(id)).length > 0);
      await cancelJob(t.db, id);
      expect((await getJob(t.db, id))?.state).toBe('CANCELLED');
      const chains = await until(
        'the chains to settle',
        async () => {
          const c = await chainsOf(id);
          return c.every((j) => j.state !== 'QUEUED' && j.state !== 'RUNNING') && c;
        },
        60_000,
      );
      expect(chains.some((c) => c.state === 'CANCELLED')).toBe(true);
      // Nothing more is queued by a cancelled run.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(await chainsOf(id)).toHaveLength(chains.length);
    } finally {
      await stopWorker(w);
    }
  }, 120_000);
});
