import type { Db } from '../client';

/** A worker silent for this long is dead: its locked jobs go back to the queue. */
const DEAD_AFTER = '15 seconds';

/** Records that these graphile-worker ids (of this host and process) are alive now. */
export async function beat(db: Db, workerIds: readonly string[], host: string, pid: number): Promise<void> {
  for (const workerId of workerIds) {
    await db.prisma.workerHeartbeat.upsert({
      where: { workerId },
      create: { workerId, host, pid },
      update: { lastSeen: new Date() },
    });
  }
}

/**
 * Unlocks the jobs of workers that stopped heartbeating (killed, machine lost) so another worker
 * takes them at once; returns their ids. `alive` are this process's own ids, never released.
 */
export async function releaseDeadWorkers(db: Db, alive: readonly string[]): Promise<string[]> {
  const { rows } = await db.pool.query<{ locked_by: string }>(
    `SELECT DISTINCT j.locked_by FROM graphile_worker._private_jobs j
     LEFT JOIN worker_heartbeat h ON h.worker_id = j.locked_by
     WHERE j.locked_by IS NOT NULL AND NOT (j.locked_by = ANY($1::text[]))
       AND (h.worker_id IS NULL OR h.last_seen < now() - interval '${DEAD_AFTER}')
       AND j.locked_at < now() - interval '${DEAD_AFTER}'`,
    [[...alive]],
  );
  const dead = rows.map((r) => r.locked_by);
  if (dead.length) {
    await db.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
    await forgetWorkers(db, dead);
  }
  return dead;
}

/** Removes the heartbeats of workers that stopped (cleanly, or found dead). */
export async function forgetWorkers(db: Db, workerIds: readonly string[]): Promise<void> {
  await db.prisma.workerHeartbeat.deleteMany({ where: { workerId: { in: [...workerIds] } } });
}

/**
 * Unlocks jobs that one of this process's own live workers (`own`) still locks but no longer
 * runs (`running` are the ones it does): their end could not be recorded (the database went away
 * while graphile-worker wrote it, or a crash lost the commit), and the 4-hour lock would otherwise
 * keep them from being retried. Only locks older than DEAD_AFTER, so that a job just taken is
 * never touched. Returns the unlocked job ids.
 */
export async function releaseOrphanedLocks(
  db: Db,
  own: readonly string[],
  running: readonly string[],
): Promise<string[]> {
  if (own.length === 0) return [];
  const { rows } = await db.pool.query<{ id: string }>(
    `UPDATE graphile_worker._private_jobs SET locked_by = NULL, locked_at = NULL
     WHERE locked_by = ANY($1::text[]) AND NOT (id = ANY($2::bigint[])) AND locked_at < now() - interval '${DEAD_AFTER}'
     RETURNING id`,
    [[...own], [...running]],
  );
  return rows.map((r) => r.id);
}
