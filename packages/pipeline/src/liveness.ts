import { hostname } from 'node:os';
import { beat, forgetWorkers, releaseDeadWorkers, type Db } from '@frontier/db';

const BEAT_MS = 3_000;

// Heartbeats this process's graphile-worker ids and frees the jobs of workers that stopped
// heartbeating. Every worker process does both, so any survivor recovers a crashed peer's jobs.
export function startLiveness(db: Db, log: (m: string) => void): { add(workerId: string): void; stop(): Promise<void> } {
  const ids = new Set<string>();
  const tick = async () => {
    if (ids.size) await beat(db, [...ids], hostname(), process.pid);
    const dead = await releaseDeadWorkers(db, [...ids]);
    if (dead.length) log(`released the jobs of ${dead.length} dead worker(s): ${dead.join(', ')}`);
  };
  const timer = setInterval(() => void tick().catch((e: Error) => log(`heartbeat failed: ${e.message}`)), BEAT_MS);
  return {
    add(workerId) {
      ids.add(workerId);
      void tick().catch(() => {});
    },
    async stop() {
      clearInterval(timer);
      await forgetWorkers(db, [...ids]).catch(() => {});
    },
  };
}
