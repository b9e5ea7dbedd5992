import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../client';
import { LimitReachedError } from '../errors';

// Per-user write rates, counted in Postgres (rate-limiter-flexible's store, table rate_limit from
// the migrations) so every web process shares one count.

const limiters = new WeakMap<Db, Map<number, RateLimiterPostgres>>();

function limiterFor(db: Db, perMinute: number): RateLimiterPostgres {
  let byRate = limiters.get(db);
  if (!byRate) limiters.set(db, (byRate = new Map()));
  let limiter = byRate.get(perMinute);
  if (!limiter) {
    // tableCreated: the migration made the table; the library never runs DDL. Expired rows are
    // overwritten in place by the next write of the same user, so no cleanup timer is needed.
    limiter = new RateLimiterPostgres({
      storeClient: db.pool,
      storeType: 'pool',
      tableName: 'rate_limit',
      tableCreated: true,
      keyPrefix: 'writes',
      points: perMinute,
      duration: 60,
      clearExpiredByTimeout: false,
    });
    byRate.set(perMinute, limiter);
  }
  return limiter;
}

/** Counts one write of `userId`; over `perMinute` it throws LimitReachedError with the wait. */
export async function consumeWrite(db: Db, userId: string, perMinute: number): Promise<void> {
  try {
    await limiterFor(db, perMinute).consume(userId);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const wait = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw new LimitReachedError(
      `too many writes: at most ${perMinute} a minute per user (FRONTIER_WRITES_PER_MINUTE); retry in ${wait} s`,
      wait,
    );
  }
}
