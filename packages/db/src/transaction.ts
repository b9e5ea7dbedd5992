import type pg from 'pg';

/**
 * Runs `work` in one transaction on a client of the pool: committed when it resolves, rolled
 * back when it throws (the error is rethrown), the client released either way.
 */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A failed ROLLBACK (a broken connection) must not hide the error that caused it.
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
