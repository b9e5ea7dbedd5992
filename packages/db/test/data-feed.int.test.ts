import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheUntilChange } from '../src/notify/change-cache';
import { listenForChanges, type ChangeFeed } from '../src/notify/change-feed';
import { cachedStudyVersions, type StudyVersions } from '../src/queries/study-version-cache';
import { getStudyVersion } from '../src/queries/study-versions';
import { createDb } from '../src/client';
import { silentProxy } from './silent-proxy';
import { createTestDatabase, type TestDatabase } from './test-database';

// A web process remembers reads until Postgres says one of the tables they come from changed
// (the data triggers' NOTIFY, migration 20261216090000_data_notify).

const CHANNEL = 'frontier_data_changed';
let t: TestDatabase;
let feed: ChangeFeed;
let versions: StudyVersions;
let study: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const { rows } = await t.db.pool.query<{ id: number }>("INSERT INTO study (name) VALUES ('versions') RETURNING id");
  study = rows[0]!.id;
  feed = listenForChanges(t.db, CHANNEL);
  versions = cachedStudyVersions(t.db, feed);
});

afterAll(async () => {
  await feed.close();
  await t.drop();
});

const soon = { timeout: 3_000, interval: 20 };

describe('reads remembered until their tables change', () => {
  it('answers from memory once read (a change without a NOTIFY is not seen)', async () => {
    await expect.poll(() => feed.listening(), soon).toBe(true);
    const first = await versions.study(study);
    expect(first).toBe(await getStudyVersion(t.db, study));
    await t.db.pool.query('ALTER TABLE study DISABLE TRIGGER study_data_changed');
    try {
      await t.db.pool.query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [study]);
      expect(await versions.study(study), 'from memory').toBe(first);
    } finally {
      await t.db.pool.query('ALTER TABLE study ENABLE TRIGGER study_data_changed');
    }
  });

  it("sees a new data version, a new checkpoint and a new study within a NOTIFY's delivery", async () => {
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

  it('forgets only on a change to the tables a cache reads, and shares a read in flight', async () => {
    let reads = 0;
    const jobs = cacheUntilChange<number>(feed, ['pipeline_job']);
    const count = () =>
      jobs.get('n', async () => {
        reads++;
        const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pipeline_job');
        return rows[0]!.n;
      });
    expect(await Promise.all([count(), count()])).toEqual([0, 0]);
    expect(reads, 'one read for both').toBe(1);
    await t.db.pool.query('UPDATE study SET description = $1 WHERE id = $2', ['other table', study]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await count()).toBe(0);
    expect(reads, 'a change elsewhere keeps it').toBe(1);
    await t.db.pool.query("INSERT INTO pipeline_job (study_id, kind) VALUES ($1, 'aggregate')", [study]);
    await expect.poll(count, soon).toBe(1);
    expect(reads).toBe(2);
  });

  it('remembers nothing on a database whose changes nothing would announce (not migrated)', async () => {
    const other = await createTestDatabase();
    const unheard = listenForChanges(other.db, CHANNEL);
    try {
      await other.db.pool.query('DROP FUNCTION frontier_data_changed() CASCADE');
      const late = listenForChanges(other.db, CHANNEL);
      let reads = 0;
      const cache = cacheUntilChange<number>(late, ['study']);
      await new Promise((r) => setTimeout(r, 300));
      expect(late.listening()).toBe(false);
      await cache.get('k', async () => ++reads);
      await cache.get('k', async () => ++reads);
      expect(reads, 'read through every time').toBe(2);
      await late.close();
    } finally {
      await unheard.close();
      await other.drop();
    }
  });

  it('counts a listener that stops answering without a word as lost, forgets, and listens again', async () => {
    const proxy = await silentProxy(t.url);
    const db = createDb(proxy.url, { max: 2 });
    const watched = listenForChanges(db, CHANNEL, { heartbeatMs: 100, heartbeatTimeoutMs: 300, reconnectMs: 1_000 });
    let told = 0;
    watched.subscribe(['study'], () => told++);
    try {
      await expect.poll(() => watched.listening(), soon).toBe(true);
      const before = told;
      proxy.silence(); // no reset, no error: only the heartbeat can tell
      await expect.poll(() => watched.listening(), soon).toBe(false);
      expect(told, 'everything counts as changed').toBeGreaterThan(before);
      await expect.poll(() => watched.listening(), soon).toBe(true);
      const again = told;
      await t.db.pool.query('UPDATE study SET description = $1 WHERE id = $2', ['heard again', study]);
      await expect.poll(() => told, soon).toBeGreaterThan(again);
    } finally {
      await watched.close();
      await proxy.close();
      await db.close();
    }
  });
});
