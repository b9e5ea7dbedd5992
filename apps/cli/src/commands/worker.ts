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
    .option(
      '--tasks <list>',
      `the job kinds this worker takes, e.g. merge,generate on a GPU machine and judge,aggregate on CPU machines (${JOB_KINDS.join(',')})`,
      parseTasks,
      [...JOB_KINDS],
    )
    .action(async (flags: { tasks: JobKind[] }) => {
      surviveOutageRejections();
      await withDatabase(async ({ db }) => {
        const { ctx, close } = pipelineContext(db);
        try {
          // A judge worker sets up its sandbox backend before taking jobs: a node that cannot run
          // it exits 1 now, saying what is missing, instead of failing judge jobs later.
          const judging = flags.tasks.includes('judge') ? (await ctx.judge()).backend : undefined;
          const worker = await startWorker(ctx, {
            concurrency: env().WORKER_CONCURRENCY,
            kinds: flags.tasks,
            patienceMs: env().FRONTIER_DB_PATIENCE,
          });
          const choice = env().FRONTIER_JUDGE_BACKEND;
          const backend = judging ? `judge backend ${choice}${judging === choice ? '' : ` (${judging})`}` : 'no judge';
          process.stderr.write(
            `worker ready: tasks ${flags.tasks.join(', ')}, concurrency ${env().WORKER_CONCURRENCY}, ${backend}\n`,
          );
          const stop = () => void worker.stop().catch(() => {});
          process.once('SIGTERM', stop);
          process.once('SIGINT', stop);
          await worker.done;
        } finally {
          await close();
        }
      });
    });
}

function parseTasks(text: string): JobKind[] {
  const r = parseJobKinds(text);
  if (!r.ok) throw new CliError(`--tasks: ${r.message}`);
  return r.kinds;
}
