import type { Command } from 'commander';
import { JOB_KINDS, parseJobKinds, type JobKind } from '@frontier/core';
import { startWorker, surviveOutageRejections } from '@frontier/pipeline';
import { withDatabase } from '../database';
import { env } from '../env';
import { CliError } from '../errors';
import { pipelineContext } from '../pipeline-context';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('run a worker on the shared job queue until SIGTERM/SIGINT (several may share one database)')
    .option('--tasks <list>', `the job kinds this worker takes, e.g. merge,generate on a GPU machine and judge,aggregate on CPU machines (${JOB_KINDS.join(',')})`, parseTasks, [...JOB_KINDS])
    .action(async (flags: { tasks: JobKind[] }) => {
      surviveOutageRejections();
      await withDatabase(async ({ db }) => {
        const { ctx, close } = pipelineContext(db);
        const worker = await startWorker(ctx, { concurrency: env().WORKER_CONCURRENCY, kinds: flags.tasks, patienceMs: env().FRONTIER_DB_PATIENCE });
        process.stderr.write(`worker ready: tasks ${flags.tasks.join(', ')}, concurrency ${env().WORKER_CONCURRENCY}, judge backend ${env().FRONTIER_JUDGE_BACKEND}\n`);
        const stop = () => void worker.stop().catch(() => {});
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        await worker.done;
        await close();
      });
    });
}

function parseTasks(text: string): JobKind[] {
  const r = parseJobKinds(text);
  if (!r.ok) throw new CliError(`--tasks: ${r.message}`);
  return r.kinds;
}
