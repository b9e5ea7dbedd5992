import type pg from 'pg';

/** A pool or a client inside a transaction: what a write that may join a transaction takes. */
export type Queryable = Pick<pg.PoolClient, 'query'>;
