import type { Command } from 'commander';
import { EvaluateInputError, findStudy, parseAlphaList, queueEvaluation } from '@frontier/db';
import { withDatabase } from '../database';
import { CliError } from '../errors';

export function registerEvaluate(program: Command): void {
  program
    .command('evaluate')
    .description('queue merge -> generate -> judge -> aggregate for each alpha of a study (a worker runs them)')
    .argument('<study>', 'study name or id')
    .requiredOption('--alphas <list>', 'comma-separated alphas, e.g. -0.5,1.25,2.5')
    .action(async (studyArg: string, flags: { alphas: string }) => {
      let alphas: number[];
      try {
        alphas = parseAlphaList(flags.alphas);
      } catch (err) {
        throw new CliError(`--alphas: ${(err as Error).message}`);
      }
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db.pool, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        try {
          const chains = await queueEvaluation(db.pool, study.id, alphas);
          for (const c of chains) {
            process.stdout.write(`alpha ${c.alpha}: ${c.existing ? 'already queued as' : 'queued'} jobs ${c.jobIds.join(', ')}\n`);
          }
          process.stdout.write('a worker (`npm start`, or `frontier worker`) runs them; follow with `frontier jobs`\n');
        } catch (err) {
          if (err instanceof EvaluateInputError || /evaluation settings/.test((err as Error).message)) throw new CliError((err as Error).message);
          throw err;
        }
      });
    });
}
