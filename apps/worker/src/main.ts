import { openDatabase } from '@frontier/db';
import { env, secret } from './env';
import {
  lazyJudge,
  startWorker,
  surviveOutageRejections,
  type TaskContext,
  type WorkerHandle,
} from '@frontier/pipeline';

// The demo lab's toy policy (studies whose backend is `toy`), loaded only when one is generated.
const toyPolicy: TaskContext['toyPolicy'] = async (checkpoint) =>
  (await import('@frontier/minilab')).createToyPolicyBackend(checkpoint);

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
let judge: ReturnType<typeof lazyJudge> | undefined;
try {
  const e = env();
  judge = lazyJudge(e.FRONTIER_DATA_DIR, e.FRONTIER_JUDGE_BACKEND);
  // A judge worker sets up its sandbox backend now, before the database: a node that cannot run
  // it exits at once saying what is missing, instead of reporting ready and failing judge jobs
  // until they run out of attempts.
  const judging = e.WORKER_TASKS.includes('judge') ? (await judge.get()).backend : undefined;
  const opened = await openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: e.FRONTIER_DATA_DIR,
    patienceMs: e.FRONTIER_DB_PATIENCE,
    log: (l) => console.error(`[worker] ${l}`),
  });
  worker = await startWorker(
    { db: opened.db, dataDir: e.FRONTIER_DATA_DIR, judge: judge.get, secret, toyPolicy },
    { concurrency: e.WORKER_CONCURRENCY, kinds: e.WORKER_TASKS, patienceMs: e.FRONTIER_DB_PATIENCE },
  );
  const backend = judging
    ? `judge backend ${e.FRONTIER_JUDGE_BACKEND}${judging === e.FRONTIER_JUDGE_BACKEND ? '' : ` (${judging})`}`
    : 'no judge';
  console.error(`[worker] ready (concurrency ${e.WORKER_CONCURRENCY}; tasks ${e.WORKER_TASKS.join(', ')}; ${backend})`);
  if (stopRequested) void worker.stop();
  await worker.done;
  await judge.close();
  await opened.close();
  process.exit(0);
} catch (err) {
  console.error(`[worker] ${(err as Error).message}`);
  await judge?.close().catch(() => {});
  // No judge sandbox can run here: exit with EX_CONFIG, which `frontier up` leaves down (with this
  // message) instead of restarting it until it gives up on the web app too.
  process.exit((err as Error).name === 'JudgeSetupError' ? 78 : 1);
}
