// Run with tsx: writes the e2e fixture, a small synthetic sweep (LiveCodeBench files + manifest),
// into the directory given as the only argument, and prints the manifest's path.
import { writeSyntheticSweep } from '@frontier/formats';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/support/write-sweep.ts DIR');
const result = await writeSyntheticSweep({ dir, seed: 2026, problems: 30, samplesPerCheckpoint: 8, codeBytes: 120 });
process.stdout.write(`${result.manifestPath}\n`);
