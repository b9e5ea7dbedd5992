import type { Command } from 'commander';
import { FormatError } from '@frontier/formats';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { runImport } from '../import/run-import';
import { studyImportFor, type ImportFlags } from '../import/sources';
import { parseNumber } from '../parse';

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
    .action(async (path: string, flags: ImportFlags) => {
      try {
        const input = await studyImportFor(path, flags);
        const summary = await withDatabase((opened) => runImport(opened, input));
        const unchanged = summary.unchangedRuns ? ` (${summary.unchangedRuns} unchanged, skipped)` : '';
        process.stdout.write(
          `imported study "${input.study.name}": ${summary.problems} problems, ${summary.runs} runs${unchanged}, ${summary.samples} samples\n`,
        );
        if (summary.unjudgedSamples) {
          process.stdout.write(`${summary.unjudgedSamples} samples have no verdict: queued for judging against the benchmark's hidden tests (a worker runs it)\n`);
        }
      } catch (err) {
        if (err instanceof FormatError) throw new CliError(`${err.message}\nnothing was imported`);
        if (err instanceof CliError) throw err;
        throw new CliError(`import failed, nothing was written: ${(err as Error).message}`);
      }
    });
}
