import { once } from 'node:events';
import type { Command } from 'commander';
import { EXPORT_COLUMNS, exportRows, findStudy, type Db } from '@frontier/db';
import { writeFileAtomic } from '@frontier/disk';
import { csvLine } from '../csv';
import { withDatabase } from '../database';
import { CliError } from '../errors';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('export per (checkpoint, problem) counts of a study')
    .argument('<study>', 'study name or id')
    .requiredOption('--format <format>', 'output format: csv')
    .option('--out <file>', 'write to FILE (written whole, then renamed) instead of standard output')
    .action(async (studyArg: string, flags: { format: string; out?: string }) => {
      if (flags.format !== 'csv') throw new CliError(`--format must be csv (got ${JSON.stringify(flags.format)})`);
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const text = csv(db, study.id);
        // FILE appears only when complete; a full disk leaves no partial file and says how much was needed.
        if (flags.out) await writeFileAtomic(flags.out, text);
        else for await (const chunk of text) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
      });
    });
}

async function* csv(db: Db, studyId: number): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  for await (const page of exportRows(db, studyId)) yield page.map((row) => csvLine(EXPORT_COLUMNS.map((c) => row[c]))).join('');
}
