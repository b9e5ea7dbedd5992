import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError, StudyNotEvaluableError } from '../src/errors';
import { createStudy } from '../src/pipeline/create-study';
import { queueEvaluation } from '../src/pipeline/evaluate';
import { createTestDatabase, type TestDatabase } from './test-database';

// Queuing an evaluation: one rule for alphas whoever asks, typed errors instead of messages to
// match, and one chain per alpha however often it is asked for.

let t: TestDatabase;
let studyId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const config = { benchmark: 'b', samplesPerProblem: 2, backend: { kind: 'toy' as const }, endpoints: { lo: '/lo', hi: '/hi' }, checkpointsDir: '/tmp/x' };
  studyId = await createStudy(t.db, { name: 'E', origin: 'pipeline', config, endpoints: [{ role: 'LOW', alpha: 0, uri: '/lo' }, { role: 'HIGH', alpha: 1, uri: '/hi' }] });
});
afterAll(async () => t?.drop());

const jobCount = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM pipeline_job')).rows[0]!.n);

describe('queueEvaluation', () => {
  it('queues a four-step chain per alpha, with only the first step handed to the workers', async () => {
    const [chain] = await queueEvaluation(t.db, studyId, [0.5]);
    expect(chain).toMatchObject({ alpha: 0.5, existing: false });
    const { rows } = await t.db.pool.query('SELECT kind FROM pipeline_job WHERE id = ANY($1::int[]) ORDER BY id', [chain!.jobIds]);
    expect(rows.map((r) => r.kind)).toEqual(['merge', 'generate', 'judge', 'aggregate']);
    const { rows: queued } = await t.db.pool.query('SELECT key FROM graphile_worker.jobs');
    expect(queued.map((r) => r.key)).toEqual([`pipeline:${chain!.jobIds[0]}`]);
    // Asking again while it is queued gives the same chain, not a second one.
    const [again] = await queueEvaluation(t.db, studyId, [0.5]);
    expect(again).toEqual({ alpha: 0.5, jobIds: chain!.jobIds, existing: true });
  });

  it('refuses alphas outside the range the API and CLI share, writing nothing', async () => {
    const before = await jobCount();
    await expect(queueEvaluation(t.db, studyId, [0.25, 11])).rejects.toThrow(InvalidInputError);
    await expect(queueEvaluation(t.db, studyId, Array.from({ length: 21 }, (_, i) => i / 4))).rejects.toThrow(/at most 20/);
    expect(await jobCount()).toBe(before);
  });

  it('tells an unknown study from one without evaluation settings', async () => {
    await expect(queueEvaluation(t.db, 999_999, [0.5])).rejects.toThrow(NotFoundError);
    const { rows } = await t.db.pool.query<{ id: number }>(`INSERT INTO study (name) VALUES ('Imported only') RETURNING id`);
    const err = await queueEvaluation(t.db, rows[0]!.id, [0.5]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudyNotEvaluableError);
    expect((err as StudyNotEvaluableError).studyName).toBe('Imported only');
  });

  it('refuses to create a second study of the same name', async () => {
    const config = { benchmark: 'b', samplesPerProblem: 2, backend: { kind: 'toy' as const }, endpoints: { lo: '/lo', hi: '/hi' }, checkpointsDir: '/tmp/x' };
    await expect(createStudy(t.db, { name: 'E', origin: 'pipeline', config, endpoints: [] })).rejects.toThrow(/exists already/);
  });
});
