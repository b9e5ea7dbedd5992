import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges } from '../src/notify/change-feed';
import { cachedStudyVersions, type StudyVersions } from '../src/queries/study-version-cache';
import { getStudyVersion } from '../src/queries/study-versions';
import { createTestDatabase, type TestDatabase } from './test-database';

// A web process remembers each study's version, and forgets them all as soon as Postgres says a
// study or a checkpoint changed (the triggers' NOTIFY).

let t: TestDatabase;
let versions: StudyVersions;
let study: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const { rows } = await t.db.pool.query<{ id: number }>("INSERT INTO study (name) VALUES ('versions') RETURNING id");
  study = rows[0]!.id;
  versions = cachedStudyVersions(t.db);
});

afterAll(async () => {
  await versions.close();
  await t.drop();
});

const soon = { timeout: 3_000, interval: 20 };

describe('cached study versions', () => {
  it('answers from memory once seen (a change without a NOTIFY is not seen)', async () => {
    await expect.poll(() => versions.listening(), soon).toBe(true);
    const first = await versions.study(study);
    expect(first).toBe(await getStudyVersion(t.db, study));
    await t.db.pool.query('ALTER TABLE study DISABLE TRIGGER study_version_changed');
    try {
      await t.db.pool.query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [study]);
      expect(await versions.study(study), 'from memory').toBe(first);
    } finally {
      await t.db.pool.query('ALTER TABLE study ENABLE TRIGGER study_version_changed');
    }
  });

  it('sees a new data version, a new checkpoint and a new study within a NOTIFY\'s delivery', async () => {
    const before = await versions.study(study);
    const all = await versions.all();
    await t.db.pool.query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [study]);
    await expect.poll(() => versions.study(study), soon).not.toBe(before);
    const bumped = await versions.study(study);
    await t.db.pool.query("INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'lo', 'LOW')", [study]);
    await expect.poll(() => versions.study(study), soon).not.toBe(bumped);
    expect(await versions.study(study)).toBe(await getStudyVersion(t.db, study));
    await t.db.pool.query("INSERT INTO study (name) VALUES ('another')");
    await expect.poll(() => versions.all(), soon).not.toBe(all);
    expect(await versions.study(2_147_483_000), 'no such study').toBeUndefined();
  });

  it('remembers nothing on a database whose changes nothing would announce (not migrated)', async () => {
    const other = await createTestDatabase();
    try {
      await other.db.pool.query('DROP FUNCTION frontier_study_changed() CASCADE');
      const feed = listenForChanges(other.db, 'frontier_study_changed', () => {});
      const stale = cachedStudyVersions(other.db);
      await new Promise((r) => setTimeout(r, 300));
      expect(feed.listening()).toBe(false);
      expect(stale.listening()).toBe(false);
      await Promise.all([feed.close(), stale.close()]);
    } finally {
      await other.drop();
    }
  });
});
