// What counts as "the database is away": real failures from pg and Prisma, against a port nobody
// listens on and a session the server terminates, and waiting with and past the patience.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseGoneError, isDatabaseUnavailable, waitForDatabase } from '../src/availability';
import { createDb, type Db } from '../src/client';
import { createTestDatabase, type TestDatabase } from './test-database';
import { freePort } from './free-port';

let t: TestDatabase;
let closedUrl: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const u = new URL(t.url);
  u.port = String(await freePort());
  closedUrl = u.toString();
});
afterAll(async () => t?.drop());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, from pg and from Prisma', async () => {
    const db: Db = createDb(closedUrl);
    try {
      expect(isDatabaseUnavailable(await failure(db.pool.query('SELECT 1')))).toBe(true);
      expect(isDatabaseUnavailable(await failure(db.prisma.study.findMany()))).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('recognises a session the server terminates (as at shutdown), not a bad query', async () => {
    const client = await t.db.pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const cut = failure(client.query('SELECT pg_sleep(10)'));
      await t.db.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      expect(isDatabaseUnavailable(await cut)).toBe(true);
    } finally {
      client.release(true);
    }
    expect(isDatabaseUnavailable(await failure(t.db.pool.query('SELECT * FROM no_such_table')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('unrelated'))).toBe(false);
  });
});

describe('waitForDatabase', () => {
  it('returns at once when the database answers', async () => {
    await waitForDatabase(t.db.pool, 1_000);
  });

  it('gives up after its patience, saying so', async () => {
    const db = createDb(closedUrl);
    try {
      const started = Date.now();
      const err = await failure(waitForDatabase(db.pool, 1_500));
      expect(err).toBeInstanceOf(DatabaseGoneError);
      expect((err as Error).message).toMatch(/unreachable for 2 s, longer than the patience \(FRONTIER_DB_PATIENCE\)/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await db.close();
    }
  });
});
