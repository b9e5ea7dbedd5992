import { nounFor, plural } from '@frontier/core';
import type { Command } from 'commander';
import {
  ArchiveConflictError,
  ArchiveError,
  archiveReport,
  ImportFieldError,
  importArchive,
  importReport,
  studyImportFromFile,
  type ImportFields,
  type ImportReport,
} from '@frontier/db';
import { explainDatabaseDiskFull } from '@frontier/disk';
import { detectFormat, FormatError } from '@frontier/formats';
import { withDatabase } from '../database';
import { env } from '../env';
import { CliError } from '../errors';
import { remoteImport } from '../import/remote-import';
import { runImport } from '../import/run-import';
import { parseNumber } from '../parse';
import { progressBar } from '../progress';

interface ImportOptions extends ImportFields {
  server?: string;
  token?: string;
  wait: boolean;
  as?: string;
}

const RESULTS_FLAGS = ['study', 'alpha', 'setting', 'scale', 'role', 'benchmark'] as const;

/** The flags checked against what PATH is: a study archive takes --as only, a results file never does. */
export async function importKind(path: string, options: ImportOptions): Promise<'archive' | 'results'> {
  // A path that cannot be read goes on: the import itself says why.
  const format = await detectFormat(path).catch(() => undefined);
  if (format === 'archive') {
    const given = RESULTS_FLAGS.filter((f) => options[f] !== undefined).map((f) => `--${f}`);
    if (given.length)
      throw new CliError(
        `${path} is a study archive: it carries its own study, checkpoints and benchmark, so ${given.join(', ')} ${given.length > 1 ? 'do' : 'does'} not apply (use --as NAME to import it under another name)`,
      );
    if (options.as !== undefined && options.as.trim() === '') throw new CliError('--as needs a study name');
    return 'archive';
  }
  if (options.as !== undefined)
    throw new CliError(
      `--as renames the study of a study archive (frontier export STUDY --archive FILE); ${path} is not one: name the study with --study`,
    );
  return 'results';
}

function reportArchive(r: ImportReport): void {
  const a = r.archive!;
  if (a.alreadyImported) {
    process.stdout.write(`already imported: study "${r.study.name}" holds this archive's data; nothing changed\n`);
    return;
  }
  process.stdout.write(
    `imported study "${r.study.name}" from the archive: ${plural(a.checkpoints, 'checkpoint')}, ${plural(r.runs, 'run')}, ${plural(r.samples, 'sample')}, ${plural(r.problems, 'problem')} (${plural(a.tests, 'test')}), ${plural(a.shares, 'share link')}\n`,
  );
  if (a.problemsMatched)
    process.stdout.write(
      `${plural(a.problemsMatched, 'problem')} ${nounFor(a.problemsMatched, 'was', 'were')} already in the benchmark here and kept as ${nounFor(a.problemsMatched, 'it was', 'they were')}, tests included${a.problemsDiffering ? ` (${a.problemsDiffering} differ from the archive's copy)` : ''}\n`,
    );
  for (const { from, to } of a.sharesRetokened)
    process.stdout.write(`share link ${from} is another study's link here: imported as /s/${to}\n`);
}

async function archiveHere(path: string, as: string | undefined): Promise<ImportReport> {
  const bar = progressBar('importing samples');
  let started = false;
  try {
    const summary = await withDatabase(({ db }) =>
      importArchive(db, path, {
        as,
        onProgress: (samples, total) => {
          if (!started) bar.start(total);
          started = true;
          bar.update(samples);
        },
      }).catch(async (err: unknown) => {
        throw await explainDatabaseDiskFull(err, [path]);
      }),
    );
    return archiveReport(summary);
  } finally {
    bar.stop();
  }
}

function report(r: ImportReport): void {
  if (r.archive) return reportArchive(r);
  const unchanged = r.unchangedRuns ? ` (${r.unchangedRuns} unchanged, skipped)` : '';
  process.stdout.write(
    `imported study "${r.study.name}": ${plural(r.problems, 'problem')}, ${plural(r.runs, 'run')}${unchanged}, ${plural(r.samples, 'sample')}\n`,
  );
  if (r.unjudgedSamples) {
    // A job per run: every worker that takes judge jobs (`--tasks judge`, on any machine) shares them.
    process.stdout.write(
      `${plural(r.unjudgedSamples, 'sample')} ${nounFor(r.unjudgedSamples, 'has', 'have')} no verdict: queued for judging against the benchmark's hidden tests, a job per run (judge workers share them)\n`,
    );
  }
}

async function importHere(path: string, flags: ImportFields): Promise<ImportReport> {
  const input = await studyImportFromFile(path, flags);
  return importReport(input.study.name, await withDatabase((opened) => runImport(opened, input)));
}

function importThere(path: string, flags: ImportFields, server: string, options: ImportOptions): Promise<ImportReport> {
  return remoteImport(path, flags, {
    server,
    token: options.token ?? env().FRONTIER_TOKEN,
    wait: options.wait,
    as: options.as,
  });
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'import LiveCodeBench *_eval_all.json, JSONL samples, a manifest of many files, or a study archive (frontier export STUDY --archive FILE)',
    )
    .argument('<path>', 'results file, manifest (.json, .jsonl, .yaml) or study archive')
    .option('--study <name>', 'study name (required for a single file; overrides the manifest)')
    .option('--alpha <a>', 'alpha of the checkpoint (single file)', (v) => parseNumber('--alpha', v))
    .option('--setting <s>', 'inference setting, e.g. reasoning, tool, agentic (single file)')
    .option('--scale <m>', 'model scale, e.g. 7B (single file)')
    .option('--role <r>', 'init, low, high or merged (single file; default merged)')
    .option('--benchmark <name>', 'benchmark name (default LiveCodeBench for LCB files)')
    .option(
      '--as <name>',
      "study archive: import the study under this name (when another study here has the archive's)",
    )
    .option(
      '--server <url>',
      "import through a Frontier Explorer server's API (POST /api/imports) instead of the database",
    )
    .option(
      '--token <token>',
      'with --server: an API token of an editor (default: $FRONTIER_TOKEN; `frontier token create EMAIL`)',
    )
    .option(
      '--no-wait',
      'with --server: return once the server has the data, without waiting for its workers to aggregate it',
    )
    .action(async (path: string, options: ImportOptions) => {
      const { server, token: _token, wait: _wait, as, ...flags } = options;
      try {
        const kind = await importKind(path, options);
        if (kind === 'archive' && server === undefined) report(await archiveHere(path, as));
        else
          report(
            server === undefined ? await importHere(path, flags) : await importThere(path, flags, server, options),
          );
      } catch (err) {
        if (err instanceof FormatError) throw new CliError(`${err.message}\nnothing was imported`);
        if (err instanceof ArchiveError) throw new CliError(`${err.message}\nnothing was imported`);
        if (err instanceof ArchiveConflictError) throw new CliError(`${err.message}\nnothing was imported`);
        // The field is this command's flag of the same name.
        if (err instanceof ImportFieldError) throw new CliError(`--${err.field} ${err.problem}`);
        if (err instanceof CliError) throw err;
        throw new CliError(`import failed, nothing was written: ${(err as Error).message}`);
      }
    });
}
