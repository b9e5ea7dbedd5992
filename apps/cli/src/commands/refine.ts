import type { Command } from 'commander';
import {
  ConflictError,
  findStudy,
  getJob,
  queueRefinement,
  refineParamsSchema,
  type PipelineJobRow,
} from '@frontier/db';
import { withDatabase } from '../database';
import { asCliError, CliError } from '../errors';
import { parseInteger, parseNumber } from '../parse';
import { progressBar } from '../progress';
import { addCurveFlags, type CurveFlags } from './curve-flags';
import { addWindowFlags, windowOf, type WindowFlags } from './window-flags';

interface RefineFlags extends CurveFlags, WindowFlags {
  budget?: number;
  budgetSamples?: number;
  targetWidth?: number;
  wait?: boolean;
}

const POLL_MS = 2_000;

/** What the run says it did, once it has stopped. */
function outcomeOf(job: PipelineJobRow): string {
  const params = refineParamsSchema.safeParse(job.params);
  const rounds = params.success
    ? params.data.rounds.map((r, i) => `round ${i + 1}: alphas ${r.alphas.join(', ')}`).join('\n')
    : '';
  const end =
    job.state === 'SUCCEEDED'
      ? ((params.success ? params.data.outcome?.message : undefined) ?? 'done')
      : `${job.state.toLowerCase()}${job.error ? `: ${job.error}` : ''}`;
  return `${rounds}${rounds ? '\n' : ''}${end}\n`;
}

async function follow(db: Parameters<typeof getJob>[0], id: number): Promise<PipelineJobRow> {
  const bar = progressBar(`refine #${id} alphas`);
  let started = false;
  for (;;) {
    const job = await getJob(db, id);
    if (!job) throw new CliError(`job ${id} is gone`);
    if (!started && job.progressTotal > 0) {
      bar.start(job.progressTotal);
      started = true;
    }
    bar.update(job.progressDone);
    if (job.state !== 'QUEUED' && job.state !== 'RUNNING') {
      bar.stop();
      return job;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export function registerRefine(program: Command): void {
  addWindowFlags(
    addCurveFlags(
      program
        .command('refine')
        .description(
          'queue an automatic refinement run: rounds of suggested alphas, each evaluated through the pipeline, until the budget is spent or the best alpha is known to the target width (a worker runs it)',
        )
        .argument('<study>', 'study name or id'),
    ),
  )
    .option('--budget <alphas>', 'stop after this many new alphas', (v) => parseInteger('--budget', v))
    .option('--budget-samples <n>', 'or after this many new samples (alphas x problems x samples per problem)', (v) =>
      parseInteger('--budget-samples', v),
    )
    .option('--target-width <w>', "stop once the best alpha's 95% interval is narrower than this", (v) =>
      parseNumber('--target-width', v),
    )
    .option('--wait', 'follow the run with a progress bar until it stops (needs a running worker)')
    .action(async (studyArg: string, flags: RefineFlags) => {
      if (flags.budget === undefined && flags.budgetSamples === undefined)
        throw new CliError('give a budget: --budget <alphas> or --budget-samples <n>');
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const { k, count, range, setting, scale, budget, budgetSamples, targetWidth } = flags;
        const id = await queueRefinement(
          db,
          study.id,
          { k, count, range, setting, scale, budgetAlphas: budget, budgetSamples, targetWidth, ...windowOf(flags) },
          { queuedVia: 'cli' },
        ).catch((err: unknown) => {
          if (err instanceof ConflictError) throw new CliError(err.message);
          return asCliError(err);
        });
        process.stdout.write(`queued refinement run as job ${id}\n`);
        if (!flags.wait)
          return void process.stdout.write(
            'a worker (`npm start`, or `frontier worker`) runs it; follow with `frontier jobs`, stop with `frontier jobs --cancel ' +
              id +
              '`\n',
          );
        const job = await follow(db, id);
        process.stdout.write(outcomeOf(job));
        if (job.state !== 'SUCCEEDED') throw new CliError(`refinement run ${id} ${job.state.toLowerCase()}`);
      });
    });
}
