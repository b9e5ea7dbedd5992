import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../src/accounts/users';
import { createDb, type Db } from '../src/client';
import { LimitReachedError } from '../src/errors';
import { consumeWrite } from '../src/limits/write-rate';
import { countShares, deleteShare, insertShare } from '../src/queries/shares';
import { createTestDatabase, type TestDatabase } from './test-database';

// The limits a team server holds in Postgres, so that every web process counts the same writes,
// and share ownership.

let t: TestDatabase;
let other: Db; // a second web process: its own pool on the same database
let alice: string;
let bob: string;
let study: number;

beforeAll(async () => {
  t = await createTestDatabase();
  other = createDb(t.url);
  alice = (await addUser(t.db, { email: 'alice@lab.example', role: 'editor', passwordHash: 'x' })).id;
  bob = (await addUser(t.db, { email: 'bob@lab.example', role: 'viewer', passwordHash: 'x' })).id;
  study = (await t.db.pool.query<{ id: number }>(`INSERT INTO study (name) VALUES ('S') RETURNING id`)).rows[0]!.id;
});

afterAll(async () => {
  await other.close();
  await t.drop();
});

describe('write rate', () => {
  it("counts one user's writes across processes and refuses past the rate with a wait", async () => {
    await consumeWrite(t.db, alice, 3);
    await consumeWrite(other, alice, 3);
    await consumeWrite(t.db, alice, 3);
    const refused = await consumeWrite(other, alice, 3).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitReachedError);
    expect((refused as LimitReachedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as LimitReachedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((refused as Error).message).toMatch(/at most 3 a minute per user \(FRONTIER_WRITES_PER_MINUTE\)/);
    // Another user has a count of their own.
    await expect(consumeWrite(t.db, bob, 3)).resolves.toBeUndefined();
    const { rows } = await t.db.pool.query<{ points: number }>(`SELECT points FROM rate_limit WHERE key = $1`, [
      `writes:${alice}`,
    ]);
    expect(rows[0]!.points).toBe(4);
  });
});

describe('share ownership', () => {
  const share = (token: string, owner: string | null) =>
    insertShare(t.db, {
      token,
      studyId: study,
      view: `/studies/${study}`,
      dataVersion: 0,
      payloadJson: '{}',
      createdById: owner,
    });

  it("counts a user's shares and lets only the owner or an admin delete one", async () => {
    await share('alice-share-1', alice);
    await share('alice-share-2', alice);
    await share('local-share', null);
    expect(await countShares(t.db, alice)).toBe(2);
    expect(await countShares(t.db, bob)).toBe(0);
    expect(await deleteShare(t.db, 'alice-share-1', { userId: bob, admin: false })).toBe('forbidden');
    expect(await deleteShare(t.db, 'alice-share-1', { userId: alice, admin: false })).toBe('deleted');
    expect(await deleteShare(t.db, 'alice-share-1', { userId: alice, admin: false })).toBe('missing');
    expect(await deleteShare(t.db, 'alice-share-2', { userId: bob, admin: true })).toBe('deleted');
    expect(
      await deleteShare(t.db, 'local-share', { userId: bob, admin: false }),
      "an unowned link is an admin's to delete",
    ).toBe('forbidden');
    expect(await countShares(t.db, alice)).toBe(0);
  });
});
