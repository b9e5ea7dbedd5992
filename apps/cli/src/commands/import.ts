import { nounFor, plural } from '@frontier/core';
import type { Command } from 'commander';
import {
  ImportFieldError,
  importReport,
  studyImportFromFile,
  type ImportFields,
  type ImportReport,
} from '@frontier/db';
import { FormatError } from '@frontier/formats';
import { withDatabase } from '../database';
import { env } from '../env';
import { CliError } from '../errors';
import { remoteImport } from '../import/remote-import';
import { runImport } from '../import/run-import';
import { parseNumber } from '../parse';

interface ImportOptions extends ImportFields {
  server?: string;
  token?: string;
  wait: boolean;
}

function report(r: ImportReport): void {
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
  return remoteImport(path, flags, { server, token: options.token ?? env().FRONTIER_TOKEN, wait: options.wait });
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('import LiveCodeBench *_eval_all.json, JSONL samples, or a manifest of many files')
    .argument('<path>', 'results file or manifest (.json, .jsonl, .yaml)')
    .option('--study <name>', 'study name (required for a single file; overrides the manifest)')
    .option('--alpha <a>', 'alpha of the checkpoint (single file)', (v) => parseNumber('--alpha', v))
    .option('--setting <s>', 'inference setting, e.g. reasoning, tool, agentic (single file)')
    .option('--scale <m>', 'model scale, e.g. 7B (single file)')
    .option('--role <r>', 'init, low, high or merged (single file; default merged)')
    .option('--benchmark <name>', 'benchmark name (default LiveCodeBench for LCB files)')
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
      const { server, token: _token, wait: _wait, ...flags } = options;
      try {
        report(server === undefined ? await importHere(path, flags) : await importThere(path, flags, server, options));
      } catch (err) {
        if (err instanceof FormatError) throw new CliError(`${err.message}\nnothing was imported`);
        // The field is this command's flag of the same name.
        if (err instanceof ImportFieldError) throw new CliError(`--${err.field} ${err.problem}`);
        if (err instanceof CliError) throw err;
        throw new CliError(`import failed, nothing was written: ${(err as Error).message}`);
      }
    });
}
