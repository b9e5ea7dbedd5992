import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { EXPORT_COLUMNS, exportRows, findStudy } from '@frontier/db';
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
        const tmp = flags.out ? `${flags.out}.tmp-${process.pid}` : undefined;
        const out: Writable = tmp ? createWriteStream(tmp) : process.stdout;
        try {
          await write(out, csvLine(EXPORT_COLUMNS));
          for await (const page of exportRows(db, study.id)) {
            await write(out, page.map((row) => csvLine(EXPORT_COLUMNS.map((c) => row[c]))).join(''));
          }
          if (tmp) {
            out.end();
            await once(out, 'finish');
            renameSync(tmp, flags.out!);
          }
        } catch (err) {
          if (tmp) rmSync(tmp, { force: true });
          throw err;
        }
      });
    });
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}
