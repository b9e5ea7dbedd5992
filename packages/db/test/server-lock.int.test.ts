import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/client';
import { normalizeServerUrl, withServerLock } from '../src/pipeline/server-lock';
import { createTestDatabase, type TestDatabase } from './test-database';

// The lock that keeps two checkpoints off one reloadable inference server (reload mode): jobs for
// one server take turns, a waiting job does not tie up a connection the holder needs, and a
// holder whose connection dies (its worker was killed) frees the server.

let t: TestDatabase;
const small: Db[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(small.map((d) => d.close()));
  await t?.drop();
});

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

async function within<T>(what: string, ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('withServerLock', () => {
  it('runs the work of two jobs for one server one after the other; another server is not held up', async () => {
    const url = 'http://gpu1:30000/v1';
    const events: string[] = [];
    const release = gate();
    const first = withServerLock(
      t.db,
      url,
      async () => {},
      async () => {
        events.push('first starts');
        await release.opened;
        events.push('first ends');
      },
    );
    await within(
      'the first job to hold the server',
      5_000,
      (async () => {
        while (!events.includes('first starts')) await new Promise((r) => setTimeout(r, 20));
      })(),
    );
    let waited = 0;
    const second = withServerLock(
      t.db,
      `${url}/`,
      async () => void waited++,
      async () => void events.push('second runs'),
    );
    // A third job on another server runs at once.
    await within(
      'a job on another server',
      5_000,
      withServerLock(
        t.db,
        'http://gpu2:30000/v1',
        async () => {},
        async () => void events.push('other server runs'),
      ),
    );
    await new Promise((r) => setTimeout(r, 1_200));
    expect(waited).toBeGreaterThan(0);
    release.open();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'other server runs', 'first ends', 'second runs']);
  });

  it('a waiting job holds no connection: with a pool of two, the holder still reaches the database', async () => {
    const db = createDb(t.url, { max: 2 });
    small.push(db);
    const url = 'http://gpu3:8000/v1';
    const waiting = gate();
    const release = gate();
    const holder = withServerLock(
      db,
      url,
      async () => {},
      async () => {
        await release.opened;
        // The lock's connection is one of the two; the waiter must not hold the other.
        return (await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
      },
    );
    await new Promise((r) => setTimeout(r, 200));
    const waiter = withServerLock(
      db,
      url,
      async () => waiting.open(),
      async () => 'waiter ran',
    );
    await within('the second job to wait', 5_000, waiting.opened);
    release.open();
    expect(await within('the holder to finish its query', 10_000, holder)).toBe(1);
    expect(await within('the waiter to run after it', 10_000, waiter)).toBe('waiter ran');
  });

  it('a holder whose connection dies frees the server for the next job', async () => {
    const url = 'http://gpu4:8000/v1';
    const held = gate();
    const finish = gate();
    const holder = withServerLock(
      t.db,
      url,
      async () => {},
      async () => {
        held.open();
        await finish.opened;
      },
    );
    await held.opened;
    // As when its worker is killed: Postgres ends the session and its advisory locks with it.
    await t.db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(
      await within(
        'the next job to take the server',
        10_000,
        withServerLock(
          t.db,
          url,
          async () => {},
          async () => 'next ran',
        ),
      ),
    ).toBe('next ran');
    finish.open();
    await holder.catch(() => {}); // its unlock fails on the dead connection; that is all
  });
});

describe('normalizeServerUrl', () => {
  it('gives one key per server whatever the case of its host or a trailing slash', () => {
    expect(normalizeServerUrl('HTTP://GPU1:8000/v1/')).toBe(normalizeServerUrl('http://gpu1:8000/v1'));
    expect(normalizeServerUrl('http://gpu1:8000/v1')).not.toBe(normalizeServerUrl('http://gpu1:8001/v1'));
  });
});
