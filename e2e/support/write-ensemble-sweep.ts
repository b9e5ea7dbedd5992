// Run with tsx: writes a synthetic sweep with 250 samples per checkpoint and problem (the
// ensembles view's default budget) into the directory given, and prints the manifest's path.
import { writeSyntheticSweep } from '@frontier/formats';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/support/write-ensemble-sweep.ts DIR');
const result = await writeSyntheticSweep({
  dir,
  problems: 100,
  samplesPerCheckpoint: 250,
  alphas: [-0.5, 0, 0.5, 1, 1.5],
  seed: 11,
  codeBytes: 60,
});
process.stdout.write(`${result.manifestPath}\n`);
