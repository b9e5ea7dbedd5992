// Telling "the database is away" (a restart, a failover, the network) from every other error, and
// waiting for it to come back. Web and worker ride out an outage with these instead of failing.
import type pg from 'pg';

// Connection-level errno codes, and Postgres SQLSTATEs of a server shutting down, starting up or
// unreachable (class 08, 57P01-57P03); Prisma's codes for an unreachable or closed server.
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
const MESSAGES =
  /connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|client has encountered a connection error|connection (is )?closed|timeout exceeded when trying to connect|can't reach database server|server has closed the connection/i;

/** True when `err` (or an error it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 6 || err === null || typeof err !== 'object') return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    originalError?: unknown;
    meta?: unknown;
  };
  if (typeof e.code === 'string' && CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  const wrapped = [e.cause, e.originalError, e.meta, ...(Array.isArray(e.errors) ? e.errors : [])];
  const meta = e.meta as { driverAdapterError?: unknown } | undefined;
  if (meta?.driverAdapterError) wrapped.push(meta.driverAdapterError);
  return wrapped.some((w) => isDatabaseUnavailable(w, depth + 1));
}

/** The database stayed away longer than the caller's patience. */
export class DatabaseGoneError extends Error {
  override name = 'DatabaseGoneError';
}

/**
 * Resolves once `SELECT 1` succeeds, retrying with backoff (0.25 s doubling to 5 s); throws
 * DatabaseGoneError after `patienceMs` without one.
 */
export async function waitForDatabase(pool: pg.Pool, patienceMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + patienceMs;
  let delay = 250;
  let last: unknown;
  for (;;) {
    try {
      await pool.query('SELECT 1');
      return;
    } catch (err) {
      last = err;
    }
    if (signal?.aborted) throw new DatabaseGoneError('stopped while waiting for the database');
    if (Date.now() + delay > deadline) {
      throw new DatabaseGoneError(
        `the database was unreachable for ${Math.round(patienceMs / 1000)} s, longer than the patience (FRONTIER_DB_PATIENCE): ${(last as Error)?.message ?? last}`,
      );
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 5_000);
  }
}
