import { openDatabase } from '@frontier/db';
import { parseWorkerEnv } from './env';
import { startWorker } from './run-worker';

const env = parseWorkerEnv();
const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.FRONTIER_DATA_DIR, log: (l) => console.error(`[worker] ${l}`) });
const worker = await startWorker({ db: opened.db, dataDir: env.FRONTIER_DATA_DIR }, env.WORKER_CONCURRENCY);
console.error(`[worker] ready (concurrency ${env.WORKER_CONCURRENCY})`);

// Graceful shutdown: finish the jobs in hand, then close the pool (and an embedded server we own).
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`[worker] ${signal}: finishing jobs in progress`);
    void worker.stop().catch(() => {});
  });
}
await worker.done;
await opened.close();
process.exit(0);
