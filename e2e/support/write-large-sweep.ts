// Run with tsx: writes a 1,200-problem synthetic sweep (for the solve matrix's scrolling test)
// into the directory given as the only argument, and prints the manifest's path.
import { writeSyntheticSweep } from '@frontier/formats';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/support/write-large-sweep.ts DIR');
const result = await writeSyntheticSweep({
  dir,
  seed: 9,
  problems: 1200,
  samplesPerCheckpoint: 10,
  alphas: [-0.5, 0, 0.5, 1, 1.5],
  codeBytes: 80,
});
process.stdout.write(`${result.manifestPath}\n`);
