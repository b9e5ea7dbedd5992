import { plural } from '@frontier/core';
import { hostname } from 'node:os';
import { beat, forgetWorkers, releaseDeadWorkers, releaseOrphanedLocks, type Db } from '@frontier/db';

const BEAT_MS = 3_000;

/** Jobs this process runs now, and those it finished lately (their end may not be written yet). */
export class RunningJobs {
  private readonly running = new Set<string>();
  private readonly finished = new Map<string, number>();
  start(id: string): void {
    this.running.add(id);
  }
  end(id: string): void {
    this.running.delete(id);
    this.finished.set(id, Date.now());
  }
  /** Job ids whose lock this process may still need: running, or finished within `graceMs`. */
  held(graceMs: number): string[] {
    const since = Date.now() - graceMs;
    for (const [id, at] of this.finished) if (at < since) this.finished.delete(id);
    return [...this.running, ...this.finished.keys()];
  }
}

const FINISHED_GRACE_MS = 30_000;

// Heartbeats this process's graphile-worker ids and frees the jobs of workers that stopped
// heartbeating. Every worker process does both, so any survivor recovers a crashed peer's jobs.
// It also frees the jobs its own workers lock without running them, whose end was lost to a
// database outage (see releaseOrphanedLocks).
export interface Patience {
  /** How long the heartbeat may fail in a row before `gone` is called. */
  ms: number;
  gone(message: string): void;
}

export function startLiveness(
  db: Db,
  log: (m: string) => void,
  jobs: RunningJobs,
  patience?: Patience,
): { add(workerId: string): void; drop(): void; stop(): Promise<void> } {
  const ids = new Set<string>();
  let lastOk = Date.now();
  const failed = (e: Error) => {
    log(`heartbeat failed: ${e.message}`);
    if (patience && Date.now() - lastOk > patience.ms) {
      patience.gone(
        `the database has been unreachable for ${Math.round((Date.now() - lastOk) / 1000)} s, longer than the patience (FRONTIER_DB_PATIENCE ${Math.round(patience.ms / 1000)} s): ${e.message}`,
      );
    }
  };
  const tick = async () => {
    if (ids.size) await beat(db, [...ids], hostname(), process.pid);
    const dead = await releaseDeadWorkers(db, [...ids]);
    if (dead.length) log(`released the jobs of ${plural(dead.length, 'dead worker')}: ${dead.join(', ')}`);
    const orphans = await releaseOrphanedLocks(db, [...ids], jobs.held(FINISHED_GRACE_MS));
    if (orphans.length)
      log(
        `released ${plural(orphans.length, 'job')} whose end was lost to a database outage, to be retried: ${orphans.join(', ')}`,
      );
    lastOk = Date.now();
  };
  const timer = setInterval(() => void tick().catch(failed), BEAT_MS);
  return {
    add(workerId) {
      ids.add(workerId);
      void tick().catch(() => {});
    },
    /** Stops heartbeating every id so far (a runner that ended): the jobs it still locks are freed once it counts as dead. */
    drop() {
      ids.clear();
    },
    async stop() {
      clearInterval(timer);
      await forgetWorkers(db, [...ids]).catch(() => {});
    },
  };
}
