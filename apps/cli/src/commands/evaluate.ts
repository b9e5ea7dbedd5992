import type { Command } from 'commander';
import { findStudy, queueEvaluation, type EvaluationChain } from '@frontier/db';
import { withDatabase } from '../database';
import { asCliError, CliError } from '../errors';
import { parseAlphasFlag } from '../parse';

/** What became of an alpha: queued now, or the chain it already had (evaluate is idempotent). */
function describeChain(c: EvaluationChain): string {
  if (!c.existing) return `queued jobs ${c.jobIds.join(', ')}`;
  const what = c.state === 'SUCCEEDED' ? 'evaluated' : c.state.toLowerCase();
  return `already ${what} (chain of job ${c.jobIds[0]}), nothing queued`;
}

export function registerEvaluate(program: Command): void {
  program
    .command('evaluate')
    .description(
      'queue merge -> generate -> judge -> aggregate for each alpha of a study (a worker runs them); an alpha already queued, running or evaluated is left as it is',
    )
    .argument('<study>', 'study name or id')
    .requiredOption('--alphas <list>', 'comma-separated alphas, e.g. -0.5,1.25,2.5')
    .action(async (studyArg: string, flags: { alphas: string }) => {
      const alphas = parseAlphasFlag(flags.alphas);
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const chains = await queueEvaluation(db, study.id, alphas, { queuedVia: 'cli' }).catch(asCliError);
        for (const c of chains) process.stdout.write(`alpha ${c.alpha}: ${describeChain(c)}\n`);
        if (chains.some((c) => c.state !== 'SUCCEEDED'))
          process.stdout.write('a worker (`npm start`, or `frontier worker`) runs them; follow with `frontier jobs`\n');
      });
    });
}
