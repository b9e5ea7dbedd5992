import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, insertJob, listJobs, listStudyJobs } from '../src/pipeline/job-rows';
import { createTestDatabase, type TestDatabase } from './test-database';

// The job rows the CLI and the web read: with their study's name, newest first, and for one
// study in a way that also says whether the study exists.

let t: TestDatabase;
let studyA: number;
let studyB: number;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const { rows } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO study (name) VALUES ('A study'), ('B study') RETURNING id`,
  );
  [studyA, studyB] = rows.map((r) => r.id) as [number, number];
  await t.db.pool.query(
    `INSERT INTO app_user (id, name, email, role, updated_at) VALUES ('u1', 'Ada Lovelace', 'ada@lab.example', 'editor', now())`,
  );
  ids.push(
    await insertJob(t.db.pool, { studyId: studyA, kind: 'merge', alpha: 0.5, createdById: 'u1', queuedVia: 'web' }),
  );
  ids.push(
    await insertJob(t.db.pool, {
      studyId: studyA,
      kind: 'generate',
      alpha: 0.5,
      dependsOnId: ids[0],
      params: { k: 1 },
      queuedVia: 'cli',
    }),
  );
  ids.push(await insertJob(t.db.pool, { studyId: studyB, kind: 'merge', alpha: -1 }));
  await t.db.pool.query(`UPDATE pipeline_job SET state = 'RUNNING', started_at = now() WHERE id = $1`, [ids[1]]);
});

afterAll(async () => {
  await t.drop();
});

describe('job rows', () => {
  it('getJob and listJobs carry the study name, newest first', async () => {
    expect((await getJob(t.db, ids[2]!))?.studyName).toBe('B study');
    const all = await listJobs(t.db);
    expect(all.map((j) => [j.id, j.studyName])).toEqual([
      [ids[2], 'B study'],
      [ids[1], 'A study'],
      [ids[0], 'A study'],
    ]);
    expect((await listJobs(t.db, { limit: 1 })).map((j) => j.id)).toEqual([ids[2]]);
  });

  it('listStudyJobs gives the same rows as listJobs for that study, Dates included', async () => {
    const one = await listStudyJobs(t.db, studyA);
    expect(one).toEqual(await listJobs(t.db, { studyId: studyA }));
    const running = one!.find((j) => j.id === ids[1])!;
    expect(running.startedAt).toBeInstanceOf(Date);
    expect(running.createdAt).toBeInstanceOf(Date);
    expect(running.finishedAt).toBeNull();
    expect(running.params).toEqual({ k: 1 });
    expect(running.dependsOnId).toBe(ids[0]);
    expect((await listStudyJobs(t.db, studyA, 1))!.map((j) => j.id)).toEqual([ids[1]]);
  });

  it('say who queued a job and where: a user (name and email) on the web, the CLI, or not recorded', async () => {
    const who = (rows: Awaited<ReturnType<typeof listJobs>>) =>
      rows.map((j) => [j.id, j.createdBy, j.createdByName, j.queuedVia]);
    const expected = [
      [ids[2], null, null, null],
      [ids[1], null, null, 'cli'],
      [ids[0], 'ada@lab.example', 'Ada Lovelace', 'web'],
    ];
    expect(who(await listJobs(t.db))).toEqual(expected);
    expect(who((await listStudyJobs(t.db, studyA))!)).toEqual(expected.slice(1));
    await expect(
      t.db.pool.query(`UPDATE pipeline_job SET queued_via = 'mail' WHERE id = $1`, [ids[2]]),
    ).rejects.toThrow(/queued_via_check/);
  });

  it('listStudyJobs tells a study without jobs from no study at all', async () => {
    const { rows } = await t.db.pool.query<{ id: number }>(`INSERT INTO study (name) VALUES ('Empty') RETURNING id`);
    expect(await listStudyJobs(t.db, rows[0]!.id)).toEqual([]);
    expect(await listStudyJobs(t.db, 999_999)).toBeUndefined();
  });
});
