// Run with tsx: writes the 41 alphas x 1,000 problems synthetic sweep used for the alpha-sweep
// performance test and `npm run bench:sweep` into DIR, and prints the manifest's path.
// Optional flags change its shape for other benches (`npm run bench:matrix`), e.g. 40 alphas x
// 1,000 problems x 5 samples: --alphas N (from -1 in steps of 0.1), --problems N, --samples N.
import { parseArgs } from 'node:util';
import { writeSyntheticSweep } from '@frontier/formats';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    alphas: { type: 'string', default: '41' },
    problems: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '10' },
  },
});
const dir = positionals[0];
if (!dir)
  throw new Error('usage: tsx e2e/support/write-perf-sweep.ts DIR [--alphas 41] [--problems 1000] [--samples 10]');
const count = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const alphas = Array.from({ length: count('alphas') }, (_, i) => Number((-1 + i * 0.1).toFixed(1)));
const result = await writeSyntheticSweep({
  dir,
  problems: count('problems'),
  samplesPerCheckpoint: count('samples'),
  alphas,
  seed: 5,
  codeBytes: 60,
});
process.stdout.write(`${result.manifestPath}\n`);
