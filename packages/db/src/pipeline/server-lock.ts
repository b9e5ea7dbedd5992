import type { Db } from '../client';

/** Poll interval while another job holds the server. */
const RETRY_MS = 1_000;

/**
 * Runs `work` while holding the lock of the inference server at `url`, so that two checkpoints
 * never share one reloadable server. The lock is a Postgres advisory lock on a connection held
 * for the whole run: a worker that dies loses its connection and with it the lock, so a crash
 * never leaves a server locked. While another job holds it, `waiting` is called about once a
 * second (to report, or to throw when the job was cancelled meanwhile).
 */
export async function withServerLock<T>(
  db: Db,
  url: string,
  waiting: (sinceMs: number) => Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  const key = `frontier inference server ${normalizeServerUrl(url)}`;
  const started = Date.now();
  for (;;) {
    // A connection per try, kept only by the job that gets the lock: waiting jobs holding one each
    // would starve the holder (and the queue) once as many wait as the pool has connections.
    const client = await db.pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ got: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS got',
        [key],
      );
      if (rows[0]?.got) {
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {
            broken = true;
          });
        }
      }
    } catch (err) {
      broken ||= isConnectionError(err);
      throw err;
    } finally {
      // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
      client.release(broken);
    }
    await waiting(Date.now() - started);
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/** One server, one key: scheme and host are case-insensitive and a trailing slash means nothing. */
export function normalizeServerUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

function isConnectionError(err: unknown): boolean {
  return (
    err instanceof Error &&
    /Connection terminated|ECONNRESET|client has encountered a connection error/i.test(err.message)
  );
}
