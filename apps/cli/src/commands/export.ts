import { once } from 'node:events';
import type { Command } from 'commander';
import { isWindowed } from '@frontier/core';
import {
  countUndatedProblems,
  findStudy,
  studyArchive,
  studyExport,
  type Db,
  type StudyExportOptions,
} from '@frontier/db';
import { writeFileAtomic } from '@frontier/disk';
import { isTableFormat, TABLE_FORMATS } from '@frontier/formats';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { progressBar } from '../progress';
import { APP_VERSION } from '../version';
import { addWindowFlags, undatedNote, windowOf, type WindowFlags } from './window-flags';

interface ExportFlags extends WindowFlags {
  format?: string;
  samples?: boolean;
  code?: boolean;
  out?: string;
  archive?: string;
  /** False with --no-tests. */
  tests?: boolean;
  includeExcluded?: boolean;
}

const HELP = `
Rows:
  default     one per (checkpoint, setting, problem): study, checkpoint, alpha, setting, scale,
              problem_id, difficulty, n, solved, ac, wa, tle, mle, re, ce, ole, ie,
              response_chars_sum, completion_tokens_sum, token_samples
  --samples   one per sample: checkpoint, alpha, setting, scale, problem_id, idx, verdict,
              failure_class, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib, sandbox,
              judge_version, limit_cpu_ms, limit_memory_kib, machine, response_chars, completion_tokens[, code]

Archive:
  --archive FILE  the whole study in one file, to rebuild it in another database with
                  \`frontier import FILE\`: settings, benchmark problems and their hidden tests
                  (--no-tests leaves the tests out), checkpoints (not weights), runs, every sample
                  with its program, verdict and per-test results, aggregates and share links.

Problems the study excludes (frontier exclude) are left out of the rows unless
--include-excluded is given; an archive carries them and their exclusions.

The test_* columns are lists, one value per test run, in test order ([] when the sample has no
per-test record): Parquet LIST columns; in CSV, a JSON array in one cell, e.g. ["AC","TLE"].
Rows are read and written a page at a time, so memory stays flat whatever the study's size.

--from / --to keep the problems released in that window (inclusive UTC days, by each problem's
release date); problems without a release date are left out, and their number is said on
standard error.`;

/** With --archive: the file and whether tests go in; undefined for a table export. A CliError for a bad combination. */
export function archiveOptions(flags: ExportFlags): { file: string; tests: boolean } | undefined {
  if (flags.archive === undefined) {
    if (flags.tests === false)
      throw new CliError('--no-tests goes with --archive FILE: a table export holds no tests to leave out');
    if (flags.format === undefined)
      throw new CliError(
        'say what to export: --format csv|parquet for a table, or --archive FILE for the whole study (to import elsewhere)',
      );
    return undefined;
  }
  const given = (
    [
      ['--format', flags.format !== undefined],
      ['--samples', flags.samples === true],
      ['--code', flags.code === true],
      ['--out', flags.out !== undefined],
      ['--include-excluded', flags.includeExcluded === true],
      ['--from', flags.from !== undefined],
      ['--to', flags.to !== undefined],
    ] as const
  )
    .filter(([, on]) => on)
    .map(([name]) => name);
  if (given.length)
    throw new CliError(
      `--archive FILE writes the whole study (every sample and its program included) to FILE: leave out ${given.join(', ')}, or drop --archive for a table export`,
    );
  if (flags.archive.trim() === '') throw new CliError('--archive needs a file name, e.g. --archive study.frontier.gz');
  return { file: flags.archive, tests: flags.tests !== false };
}

/** The flags as export options, or a CliError saying what to change. */
export function exportOptions(flags: ExportFlags, stdoutIsTerminal: boolean): StudyExportOptions {
  const formats = Object.keys(TABLE_FORMATS).join(' or ');
  if (!isTableFormat(flags.format ?? ''))
    throw new CliError(`--format must be ${formats} (got ${JSON.stringify(flags.format)})`);
  if (flags.code && !flags.samples) throw new CliError('--code needs --samples: the aggregate rows have no programs');
  if (flags.format === 'parquet' && !flags.out && stdoutIsTerminal) {
    throw new CliError(
      'Parquet is binary: write it to a file with --out FILE, or redirect standard output (> FILE, | ...)',
    );
  }
  return {
    format: flags.format as StudyExportOptions['format'],
    samples: flags.samples ?? false,
    code: flags.code ?? false,
    includeExcluded: flags.includeExcluded ?? false,
    window: windowOf(flags),
  };
}

export function registerExport(program: Command): void {
  const command = program
    .command('export')
    .description(
      "export a study's counts per (checkpoint, setting, problem), or with --samples every sample, as CSV or Parquet; or the whole study as an archive to import elsewhere",
    )
    .argument('<study>', 'study name or id')
    .option('--format <format>', 'output format: csv or parquet')
    .option(
      '--samples',
      'one row per sample (verdict, failure class, per-test verdicts, CPU ms and peak KiB) instead of the counts',
    )
    .option('--code', "with --samples: each sample's program too (most of the bytes)")
    .option('--out <file>', 'write to FILE (under a temporary name, renamed when complete) instead of standard output')
    .option(
      '--archive <file>',
      'write the whole study to FILE (a gzip archive, written under a temporary name and renamed when complete) for `frontier import` elsewhere',
    )
    .option(
      '--include-excluded',
      'rows of the problems the study excludes too (`frontier exclude STUDY --list`); left out by default',
    )
    .option('--no-tests', "with --archive: leave the benchmark problems' hidden tests out");
  addWindowFlags(command)
    .addHelpText('after', HELP)
    .action(async (studyArg: string, flags: ExportFlags) => {
      const archive = archiveOptions(flags);
      const options = archive ? undefined : exportOptions(flags, process.stdout.isTTY === true);
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        if (archive) return writeArchive(db, study.id, archive);
        const window = options!.window ?? {};
        if (isWindowed(window)) process.stderr.write(undatedNote(await countUndatedProblems(db, study.id, window)));
        const chunks = studyExport(db, study.id, options!);
        // FILE appears only when complete; a full disk leaves no partial file and says how much was needed.
        if (flags.out) await writeFileAtomic(flags.out, chunks);
        else for await (const chunk of chunks) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
      });
    });
}

async function writeArchive(db: Db, studyId: number, archive: { file: string; tests: boolean }): Promise<void> {
  const bar = progressBar('exporting samples');
  let started = false;
  const chunks = studyArchive(db, studyId, {
    tests: archive.tests,
    appVersion: APP_VERSION,
    onProgress: (samples, total) => {
      if (!started) bar.start(total);
      started = true;
      bar.update(samples);
    },
  });
  try {
    await writeFileAtomic(archive.file, chunks);
  } finally {
    bar.stop();
  }
}
