import { openDatabase } from '@frontier/db';
import { parseWorkerEnv } from './env';
import { lazyJudge } from './judge-instance';
import { startWorker, type WorkerHandle } from './run-worker';

// Graceful shutdown: finish the jobs in hand, take no new ones, close the pool (and an embedded
// server we own). Handlers go in first so a signal during start-up is honoured too.
let stopRequested = false;
let worker: WorkerHandle | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopRequested) return;
    stopRequested = true;
    console.error(`[worker] ${signal}: finishing jobs in progress`);
    void worker?.stop().catch(() => {});
  });
}

try {
  const env = parseWorkerEnv();
  const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.FRONTIER_DATA_DIR, log: (l) => console.error(`[worker] ${l}`) });
  const judge = lazyJudge(env.FRONTIER_DATA_DIR);
  worker = await startWorker({ db: opened.db, dataDir: env.FRONTIER_DATA_DIR, judge: judge.get }, env.WORKER_CONCURRENCY);
  console.error(`[worker] ready (concurrency ${env.WORKER_CONCURRENCY})`);
  if (stopRequested) void worker.stop();
  await worker.done;
  await judge.close();
  await opened.close();
  process.exit(0);
} catch (err) {
  console.error(`[worker] ${(err as Error).message}`);
  process.exit(1);
}
