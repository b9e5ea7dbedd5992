import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, LimitReachedError, NotFoundError, StudyNotEvaluableError } from '../src/errors';
import { createStudy } from '../src/pipeline/create-study';
import { queueEvaluation } from '../src/pipeline/evaluate';
import { cancelJob, markAttemptFailed, markRunning, markSucceeded } from '../src/pipeline/transitions';
import { getStudyVersion } from '../src/queries/study-versions';
import { createTestDatabase, type TestDatabase } from './test-database';

// Queuing an evaluation: one rule for alphas whoever asks, typed errors instead of messages to
// match, and one chain per alpha however often it is asked for: an alpha queued, running or done
// is answered with its chain; a failed or cancelled one is queued again; a cap on queued alphas.

let t: TestDatabase;
let studyId: number;

const config = {
  benchmark: 'b',
  samplesPerProblem: 2,
  backend: { kind: 'toy' as const },
  endpoints: { lo: '/lo', hi: '/hi' },
  checkpointsDir: '/tmp/x',
};
const newStudy = (name: string) =>
  createStudy(t.db, {
    name,
    origin: 'pipeline',
    config,
    endpoints: [
      { role: 'LOW', alpha: 0, uri: '/lo' },
      { role: 'HIGH', alpha: 1, uri: '/hi' },
    ],
  });

beforeAll(async () => {
  t = await createTestDatabase();
  studyId = await newStudy('E');
});
afterAll(async () => t?.drop());

const count = async (sql: string) => Number((await t.db.pool.query<{ n: string }>(sql)).rows[0]!.n);
const jobCount = () => count('SELECT count(*) AS n FROM pipeline_job');

/** All a re-post could change: jobs, what the workers are handed, and the versions readers and share links pin. */
async function snapshot(id: number) {
  const { rows } = await t.db.pool.query<{ data_version: number }>('SELECT data_version FROM study WHERE id = $1', [
    id,
  ]);
  return {
    jobs: await jobCount(),
    handed: await count('SELECT count(*) AS n FROM graphile_worker.jobs'),
    dataVersion: rows[0]!.data_version,
    version: await getStudyVersion(t.db, id),
  };
}

/** Runs a chain's steps to success through the worker's own transitions. */
async function succeed(jobIds: readonly number[]) {
  for (const id of jobIds) {
    await markRunning(t.db, id);
    await markSucceeded(t.db, id);
  }
}

describe('queueEvaluation', () => {
  it('queues a four-step chain per alpha, with only the first step handed to the workers', async () => {
    const [chain] = await queueEvaluation(t.db, studyId, [0.5], { queuedVia: 'cli' });
    expect(chain).toMatchObject({ alpha: 0.5, existing: false });
    const { rows } = await t.db.pool.query(
      'SELECT kind, queued_via FROM pipeline_job WHERE id = ANY($1::int[]) ORDER BY id',
      [chain!.jobIds],
    );
    expect(rows.map((r) => r.kind)).toEqual(['merge', 'generate', 'judge', 'aggregate']);
    // Every step records where the chain was asked for.
    expect(rows.map((r) => r.queued_via)).toEqual(['cli', 'cli', 'cli', 'cli']);
    const { rows: queued } = await t.db.pool.query('SELECT key FROM graphile_worker.jobs');
    expect(queued.map((r) => r.key)).toEqual([`pipeline:${chain!.jobIds[0]}`]);
    // Asking again while it is queued gives the same chain, not a second one.
    const [again] = await queueEvaluation(t.db, studyId, [0.5]);
    expect(again).toMatchObject({ alpha: 0.5, jobIds: chain!.jobIds, existing: true, state: 'QUEUED' });
    expect(again!.jobs.map((j) => [j.id, j.kind, j.state])).toEqual(chain!.jobs.map((j) => [j.id, j.kind, 'QUEUED']));
  });

  it('answers an alpha queued, running or succeeded with its chain, queuing nothing and leaving the data version alone', async () => {
    const id = await newStudy('Idempotent');
    const [queued, running, done] = await queueEvaluation(t.db, id, [0.25, 0.5, 0.75]);
    await markRunning(t.db, running!.jobIds[0]!);
    await succeed(done!.jobIds);
    // What the aggregate step of the succeeded chain did: a share link made now pins this version.
    await t.db.pool.query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [id]);
    const before = await snapshot(id);

    // 0.75 listed twice is one alpha.
    const again = await queueEvaluation(t.db, id, [0.25, 0.5, 0.75, 0.75]);
    expect(again.map((c) => [c.alpha, c.existing, c.state, c.jobIds])).toEqual([
      [0.25, true, 'QUEUED', queued!.jobIds],
      [0.5, true, 'RUNNING', running!.jobIds],
      [0.75, true, 'SUCCEEDED', done!.jobIds],
    ]);
    expect(again[1]!.jobs.map((j) => j.state)).toEqual(['RUNNING', 'QUEUED', 'QUEUED', 'QUEUED']);
    expect(again[2]!.jobs.map((j) => j.state)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(await snapshot(id)).toEqual(before);

    // -0 is alpha 0's other spelling, as core's alpha rule says.
    const [zero] = await queueEvaluation(t.db, id, [0]);
    const [negativeZero] = await queueEvaluation(t.db, id, [-0]);
    expect(negativeZero).toMatchObject({ alpha: 0, existing: true, jobIds: zero!.jobIds });
  });

  it('queues a failed or cancelled alpha again: that is how a researcher retries', async () => {
    const id = await newStudy('Retry');
    const [failed, cancelled] = await queueEvaluation(t.db, id, [1.25, 1.5]);
    await succeed(failed!.jobIds.slice(0, 1));
    await markRunning(t.db, failed!.jobIds[1]!);
    await markAttemptFailed(t.db, failed!.jobIds[1]!, 'the inference server is down', true);
    await succeed(cancelled!.jobIds.slice(0, 1));
    await cancelJob(t.db, cancelled!.jobIds[1]!);

    const retried = await queueEvaluation(t.db, id, [1.25, 1.5]);
    expect(retried.map((c) => [c.alpha, c.existing, c.state])).toEqual([
      [1.25, false, 'QUEUED'],
      [1.5, false, 'QUEUED'],
    ]);
    expect(retried.flatMap((c) => c.jobIds).some((j) => [...failed!.jobIds, ...cancelled!.jobIds].includes(j))).toBe(
      false,
    );
    const { rows } = await t.db.pool.query<{ key: string }>(
      'SELECT key FROM graphile_worker.jobs WHERE key = ANY($1::text[])',
      [retried.map((c) => `pipeline:${c.jobIds[0]}`)],
    );
    expect(rows).toHaveLength(2);
    // The retry is now the chain that answers for the alpha.
    const [again] = await queueEvaluation(t.db, id, [1.25]);
    expect(again).toMatchObject({ existing: true, jobIds: retried[0]!.jobIds });
  });

  it('queues one chain when several processes ask for the same alpha at once', async () => {
    const id = await newStudy('Race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => queueEvaluation(t.db, id, [2.5])));
    expect(new Set(answers.map(([c]) => c!.jobIds.join(','))).size).toBe(1);
    expect(answers.filter(([c]) => !c!.existing)).toHaveLength(1);
  });

  it('refuses past the cap on queued alphas per study, queuing none of the request', async () => {
    const id = await newStudy('Capped');
    const cap = { maxQueuedAlphas: 3 };
    const [first] = await queueEvaluation(t.db, id, [0.1, 0.2], cap);
    const before = await snapshot(id);
    const err = await queueEvaluation(t.db, id, [0.3, 0.4], cap).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LimitReachedError);
    expect((err as LimitReachedError).message).toContain(
      'has 2 alphas queued or running and takes at most 3 at a time',
    );
    expect((err as LimitReachedError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await snapshot(id)).toEqual(before);

    await queueEvaluation(t.db, id, [0.3], cap);
    // At the cap, alphas that have their chain are still answered; a new one is refused.
    expect((await queueEvaluation(t.db, id, [0.1, 0.2, 0.3], cap)).every((c) => c.existing)).toBe(true);
    await expect(queueEvaluation(t.db, id, [0.4], cap)).rejects.toThrow(LimitReachedError);
    // Other studies have their own count, and the CLI (no cap given) is not limited.
    await queueEvaluation(t.db, studyId, [3, 3.25], cap);
    await queueEvaluation(t.db, id, [0.4]);
    // A finished or cancelled chain frees its place: 0.3 and 0.4 are left queued.
    await succeed(first!.jobIds);
    await cancelJob(t.db, (await queueEvaluation(t.db, id, [0.2]))[0]!.jobIds[0]!);
    expect((await queueEvaluation(t.db, id, [0.5], cap))[0]!.existing).toBe(false);
  });

  it('refuses alphas outside the range the API and CLI share, writing nothing', async () => {
    const before = await jobCount();
    await expect(queueEvaluation(t.db, studyId, [0.25, 11])).rejects.toThrow(InvalidInputError);
    await expect(
      queueEvaluation(
        t.db,
        studyId,
        Array.from({ length: 21 }, (_, i) => i / 4),
      ),
    ).rejects.toThrow(/at most 20/);
    expect(await jobCount()).toBe(before);
  });

  it('tells an unknown study from one without evaluation settings', async () => {
    await expect(queueEvaluation(t.db, 999_999, [0.5])).rejects.toThrow(NotFoundError);
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO study (name) VALUES ('Imported only') RETURNING id`,
    );
    const err = await queueEvaluation(t.db, rows[0]!.id, [0.5]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudyNotEvaluableError);
    expect((err as StudyNotEvaluableError).studyName).toBe('Imported only');
  });

  it('refuses to create a second study of the same name', async () => {
    await expect(createStudy(t.db, { name: 'E', origin: 'pipeline', config, endpoints: [] })).rejects.toThrow(
      /exists already/,
    );
  });
});
