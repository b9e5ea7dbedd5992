// Run with tsx: writes the 41 alphas x 1,000 problems synthetic sweep used for the alpha-sweep
// performance test and `npm run bench:sweep` into DIR, and prints the manifest's path.
import { writeSyntheticSweep } from '@frontier/formats';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/support/write-perf-sweep.ts DIR');
const alphas = Array.from({ length: 41 }, (_, i) => Number((-1 + i * 0.1).toFixed(1)));
const result = await writeSyntheticSweep({ dir, problems: 1000, samplesPerCheckpoint: 10, alphas, seed: 5, codeBytes: 60 });
process.stdout.write(`${result.manifestPath}\n`);
