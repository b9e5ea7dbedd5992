import type { Command } from 'commander';
import { MergeError, mergeCheckpoints, type MergeResult } from '@frontier/merge';
import { CliError } from '../errors';
import { progressBar } from '../progress';

interface MergeFlags {
  model: string[];
  alpha?: string;
  alphas?: string;
  weights?: string;
  base?: string;
  out: string;
  maxShardSize: string;
  fsync: boolean;
  json?: boolean;
}

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description(
      'merge checkpoints by weight averaging: theta(alpha) = (1 - alpha) theta_lo + alpha theta_hi, any real alpha',
    )
    .option(
      '--model <dir>',
      'checkpoint directory in the Hugging Face layout (repeat: --model LO --model HI)',
      collect,
      [],
    )
    .option('--alpha <a>', 'one alpha: weights [1 - a, a] for two models')
    .option(
      '--alphas <list>',
      'several alphas, comma-separated (e.g. -1,-0.5,0,0.5,1,1.5,2): reads each tensor once, writes one checkpoint per alpha',
    )
    .option('--weights <list>', 'explicit weights, one per model, comma-separated; never normalised')
    .option('--base <dir>', 'base model for the task-vector form: base + sum_i w_i (theta_i - base)')
    .requiredOption(
      '--out <dir>',
      'output directory; with --alphas a pattern containing {alpha}, e.g. out/alpha-{alpha}',
    )
    .option('--max-shard-size <size>', 'largest output shard, e.g. 5GB, 500MB, 2GiB or bytes', '5GB')
    .option('--no-fsync', 'skip fsync before the final rename (faster, less durable)')
    .option('--json', 'print the results (paths and recipes) as JSON')
    .addHelpText(
      'after',
      `
Examples:
  frontier merge --model ckpt/lo --model ckpt/hi --alpha 0.5 --out merged/alpha-0.5
  frontier merge --model ckpt/lo --model ckpt/hi --alphas=-1,-0.5,0,0.5,1,1.5,2 --out 'merged/alpha-{alpha}'
  frontier merge --model a --model b --model c --weights 0.5,0.3,0.2 --out merged/abc
  frontier merge --base ckpt/init --model ckpt/lo --model ckpt/hi --weights 0.5,1.5 --out merged/ta
`,
    )
    .action(async (flags: MergeFlags) => {
      const given = [flags.alpha, flags.alphas, flags.weights].filter((f) => f !== undefined).length;
      if (given !== 1) throw new CliError('give exactly one of --alpha, --alphas or --weights');
      if (flags.model.length === 0) throw new CliError('no --model given: pass --model LO --model HI');
      const alphas =
        flags.alpha !== undefined
          ? [parseNumber(flags.alpha, '--alpha')]
          : flags.alphas !== undefined
            ? parseList(flags.alphas, '--alphas')
            : undefined;
      const weights = flags.weights !== undefined ? parseList(flags.weights, '--weights') : undefined;
      const bar = progressBar('merge');
      let started = false;
      let results: MergeResult[];
      try {
        results = await mergeCheckpoints({
          models: flags.model,
          alphas,
          weights,
          base: flags.base,
          out: flags.out,
          maxShardBytes: parseSize(flags.maxShardSize),
          durable: flags.fsync,
          onWarning: (message) => process.stderr.write(`frontier: warning: ${message}\n`),
          onProgress: ({ bytesDone, bytesTotal }) => {
            if (!started) bar.start(Math.ceil(bytesTotal / 2 ** 20));
            started = true;
            bar.update(Math.floor(bytesDone / 2 ** 20));
          },
        });
      } catch (err) {
        if (err instanceof MergeError) throw new CliError(err.message);
        throw err;
      } finally {
        bar.stop();
      }
      if (flags.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      else for (const r of results) process.stdout.write(`${r.path}\n`);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseNumber(text: string, flag: string): number {
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new CliError(`${flag}: ${JSON.stringify(text)} is not a finite number`);
  return value;
}

function parseList(text: string, flag: string): number[] {
  return text.split(',').map((part) => parseNumber(part, flag));
}

const UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  KIB: 2 ** 10,
  MIB: 2 ** 20,
  GIB: 2 ** 30,
  TIB: 2 ** 40,
};

function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[match?.[2]?.toUpperCase() ?? 'X'];
  if (!match || unit === undefined || !(Number(match[1]) * unit >= 1)) {
    throw new CliError(
      `--max-shard-size: ${JSON.stringify(text)} is not a size such as 5GB, 500MB, 2GiB or a number of bytes`,
    );
  }
  return Math.floor(Number(match[1]) * unit);
}
