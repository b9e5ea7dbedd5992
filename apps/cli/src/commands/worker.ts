import type { Command } from 'commander';
import { lazyJudge, startWorker } from '@frontier/pipeline';
import { withDatabase } from '../database';
import { env } from '../env';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('run a worker on the shared job queue until SIGTERM/SIGINT (several may share one database)')
    .action(async () => {
      const e = env();
      await withDatabase(async ({ db }) => {
        const judge = lazyJudge(e.FRONTIER_DATA_DIR);
        const worker = await startWorker({ db, dataDir: e.FRONTIER_DATA_DIR, judge: judge.get }, e.WORKER_CONCURRENCY);
        const stop = () => void worker.stop().catch(() => {});
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        await worker.done;
        await judge.close();
      });
    });
}
