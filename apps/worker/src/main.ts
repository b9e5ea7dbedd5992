import { openDatabase } from '@frontier/db';
import { env, secret } from './env';
import { lazyJudge, startWorker, surviveOutageRejections, type WorkerHandle } from '@frontier/pipeline';

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

surviveOutageRejections();
try {
  const e = env();
  const opened = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.FRONTIER_DATA_DIR, patienceMs: e.FRONTIER_DB_PATIENCE, log: (l) => console.error(`[worker] ${l}`) });
  const judge = lazyJudge(e.FRONTIER_DATA_DIR, e.FRONTIER_JUDGE_BACKEND);
  worker = await startWorker({ db: opened.db, dataDir: e.FRONTIER_DATA_DIR, judge: judge.get, secret }, { concurrency: e.WORKER_CONCURRENCY, kinds: e.WORKER_TASKS, patienceMs: e.FRONTIER_DB_PATIENCE });
  console.error(`[worker] ready (concurrency ${e.WORKER_CONCURRENCY}; tasks ${e.WORKER_TASKS.join(', ')}; judge backend ${e.FRONTIER_JUDGE_BACKEND})`);
  if (stopRequested) void worker.stop();
  await worker.done;
  await judge.close();
  await opened.close();
  process.exit(0);
} catch (err) {
  console.error(`[worker] ${(err as Error).message}`);
  process.exit(1);
}
