import type { Command } from 'commander';
import { findStudy, queueEvaluation } from '@frontier/db';
import { withDatabase } from '../database';
import { asCliError, CliError } from '../errors';
import { parseAlphasFlag } from '../parse';

export function registerEvaluate(program: Command): void {
  program
    .command('evaluate')
    .description('queue merge -> generate -> judge -> aggregate for each alpha of a study (a worker runs them)')
    .argument('<study>', 'study name or id')
    .requiredOption('--alphas <list>', 'comma-separated alphas, e.g. -0.5,1.25,2.5')
    .action(async (studyArg: string, flags: { alphas: string }) => {
      const alphas = parseAlphasFlag(flags.alphas);
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const chains = await queueEvaluation(db, study.id, alphas).catch(asCliError);
        for (const c of chains) {
          process.stdout.write(`alpha ${c.alpha}: ${c.existing ? 'already queued as' : 'queued'} jobs ${c.jobIds.join(', ')}\n`);
        }
        process.stdout.write('a worker (`npm start`, or `frontier worker`) runs them; follow with `frontier jobs`\n');
      });
    });
}
