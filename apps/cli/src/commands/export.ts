import { once } from 'node:events';
import type { Command } from 'commander';
import { findStudy, studyExport, type StudyExportOptions } from '@frontier/db';
import { writeFileAtomic } from '@frontier/disk';
import { isTableFormat, TABLE_FORMATS } from '@frontier/formats';
import { withDatabase } from '../database';
import { CliError } from '../errors';

interface ExportFlags {
  format: string;
  samples?: boolean;
  code?: boolean;
  out?: string;
}

const HELP = `
Rows:
  default     one per (checkpoint, setting, problem): study, checkpoint, alpha, setting, scale,
              problem_id, difficulty, n, solved, ac, wa, tle, mle, re, ce, ole, ie
  --samples   one per sample: checkpoint, alpha, setting, scale, problem_id, idx, verdict,
              failure_class, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib[, code]

The test_* columns are lists, one value per test run, in test order ([] when the sample has no
per-test record): Parquet LIST columns; in CSV, a JSON array in one cell, e.g. ["AC","TLE"].
Rows are read and written a page at a time, so memory stays flat whatever the study's size.`;

/** The flags as export options, or a CliError saying what to change. */
export function exportOptions(flags: ExportFlags, stdoutIsTerminal: boolean): StudyExportOptions {
  const formats = Object.keys(TABLE_FORMATS).join(' or ');
  if (!isTableFormat(flags.format))
    throw new CliError(`--format must be ${formats} (got ${JSON.stringify(flags.format)})`);
  if (flags.code && !flags.samples) throw new CliError('--code needs --samples: the aggregate rows have no programs');
  if (flags.format === 'parquet' && !flags.out && stdoutIsTerminal) {
    throw new CliError(
      'Parquet is binary: write it to a file with --out FILE, or redirect standard output (> FILE, | ...)',
    );
  }
  return { format: flags.format, samples: flags.samples ?? false, code: flags.code ?? false };
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      "export a study's counts per (checkpoint, setting, problem), or with --samples every sample, as CSV or Parquet",
    )
    .argument('<study>', 'study name or id')
    .requiredOption('--format <format>', 'output format: csv or parquet')
    .option(
      '--samples',
      'one row per sample (verdict, failure class, per-test verdicts, CPU ms and peak KiB) instead of the counts',
    )
    .option('--code', "with --samples: each sample's program too (most of the bytes)")
    .option('--out <file>', 'write to FILE (under a temporary name, renamed when complete) instead of standard output')
    .addHelpText('after', HELP)
    .action(async (studyArg: string, flags: ExportFlags) => {
      const options = exportOptions(flags, process.stdout.isTTY === true);
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const chunks = studyExport(db, study.id, options);
        // FILE appears only when complete; a full disk leaves no partial file and says how much was needed.
        if (flags.out) await writeFileAtomic(flags.out, chunks);
        else for await (const chunk of chunks) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
      });
    });
}
