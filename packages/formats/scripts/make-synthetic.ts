// Writes a SYNTHETIC LiveCodeBench-format sweep plus manifest.json.
//   npx tsx packages/formats/scripts/make-synthetic.ts --dir /tmp/sweep [--seed 1] [--problems 60]
//       [--samples 20] [--alphas -0.5,0,0.5,1] [--code-bytes 500] [--bench]
// --bench is the import benchmark: 400 problems x 25 checkpoints x 100 samples, ~1000-byte programs.
import { parseArgs } from 'node:util';
import { writeSyntheticSweep, type SyntheticSweepOptions } from '../src/index';

const BENCH_ALPHAS = Array.from({ length: 25 }, (_, i) => Math.round((-0.7 + 0.1 * i) * 10) / 10);

function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`--${name}: not a number: ${text}`);
  return value;
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    seed: { type: 'string' },
    problems: { type: 'string' },
    samples: { type: 'string' },
    alphas: { type: 'string' },
    'code-bytes': { type: 'string' },
    bench: { type: 'boolean', default: false },
  },
});

if (values.dir === undefined) {
  console.error(
    'usage: make-synthetic.ts --dir DIR [--seed N] [--problems P] [--samples N] [--alphas a,b,...] [--code-bytes B] [--bench]',
  );
  process.exit(2);
}

const options: SyntheticSweepOptions = values.bench
  ? { dir: values.dir, problems: 400, samplesPerCheckpoint: 100, alphas: BENCH_ALPHAS, codeBytes: 1000 }
  : { dir: values.dir };
options.seed = number('seed', values.seed) ?? options.seed;
options.problems = number('problems', values.problems) ?? options.problems;
options.samplesPerCheckpoint = number('samples', values.samples) ?? options.samplesPerCheckpoint;
options.codeBytes = number('code-bytes', values['code-bytes']) ?? options.codeBytes;
if (values.alphas !== undefined) options.alphas = values.alphas.split(',').map((a) => number('alphas', a)!);

const started = performance.now();
const result = await writeSyntheticSweep(options);
const seconds = (performance.now() - started) / 1000;
console.log(
  `SYNTHETIC sweep: ${result.files.length} checkpoints, ${result.problems} problems, ${result.samples} samples, ` +
    `${(result.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s -> ${result.manifestPath}`,
);
