import { hostname } from 'node:os';
import type pg from 'pg';

const BEAT_MS = 3_000;
/** A worker silent for this long is dead: its locked jobs go back to the queue. */
const DEAD_AFTER = '15 seconds';

// Heartbeats this process's graphile-worker ids and frees the jobs of workers that stopped
// heartbeating. Every worker process does both, so any survivor recovers a crashed peer's jobs.
export function startLiveness(pool: pg.Pool, log: (m: string) => void): { add(workerId: string): void; stop(): Promise<void> } {
  const ids = new Set<string>();
  const beat = async () => {
    if (ids.size) {
      await pool.query(
        `INSERT INTO worker_heartbeat (worker_id, host, pid, last_seen) SELECT id, $2, $3, now() FROM unnest($1::text[]) AS id
         ON CONFLICT (worker_id) DO UPDATE SET last_seen = now()`,
        [[...ids], hostname(), process.pid],
      );
    }
    const { rows } = await pool.query<{ locked_by: string }>(
      `SELECT DISTINCT j.locked_by FROM graphile_worker._private_jobs j
       LEFT JOIN worker_heartbeat h ON h.worker_id = j.locked_by
       WHERE j.locked_by IS NOT NULL AND NOT (j.locked_by = ANY($1::text[]))
         AND (h.worker_id IS NULL OR h.last_seen < now() - interval '${DEAD_AFTER}')
         AND j.locked_at < now() - interval '${DEAD_AFTER}'`,
      [[...ids]],
    );
    if (rows.length) {
      const dead = rows.map((r) => r.locked_by);
      await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
      await pool.query('DELETE FROM worker_heartbeat WHERE worker_id = ANY($1::text[])', [dead]);
      log(`released the jobs of ${dead.length} dead worker(s): ${dead.join(', ')}`);
    }
  };
  const timer = setInterval(() => void beat().catch((e: Error) => log(`heartbeat failed: ${e.message}`)), BEAT_MS);
  return {
    add(workerId) {
      ids.add(workerId);
      void beat().catch(() => {});
    },
    async stop() {
      clearInterval(timer);
      await pool.query('DELETE FROM worker_heartbeat WHERE worker_id = ANY($1::text[])', [[...ids]]).catch(() => {});
    },
  };
}
