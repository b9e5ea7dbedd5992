// The data set of `npm run bench:scale`: a SYNTHETIC LiveCodeBench-format study of 1,000 problems
// x 40 checkpoints x 250 samples (10,000,000 samples, ~1 KB programs, each also inside its raw reply
// as LCB keeps it), one `*_eval_all.json` per
// checkpoint listed in one manifest, plus one more checkpoint in a manifest of its own (the
// incremental import). Generated once into .bench/ and reused; the manifest is written last, so
// its presence means the files are whole.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSyntheticSweep } from '@frontier/formats';

export const SCALE = { problems: 1000, samples: 250, codeBytes: 1000, seed: 15 } as const;
/** 40 checkpoints: alpha -1.0 to 2.9 in steps of 0.1 (interpolated and extrapolated). */
export const SCALE_ALPHAS: readonly number[] = Array.from(
  { length: 40 },
  (_, i) => Math.round((-1 + 0.1 * i) * 10) / 10,
);
/** The checkpoint imported afterwards, alone, to time an incremental import. */
export const EXTRA_ALPHA = 3.05;

export interface ScaleData {
  manifest: string;
  extraManifest: string;
  /** Bytes of the imported files (the LCB files, manifest excluded). */
  fileBytes: number;
  samples: number;
}

async function sweep(dir: string, alphas: readonly number[], what: string): Promise<string> {
  const manifest = join(dir, 'manifest.json');
  if (existsSync(manifest)) return manifest;
  const n = SCALE.problems * SCALE.samples * alphas.length;
  console.log(
    `generating ${what}: ${n.toLocaleString()} samples (${SCALE.problems} problems x ${alphas.length} checkpoints x ${SCALE.samples}) into ${dir} …`,
  );
  const t0 = performance.now();
  const r = await writeSyntheticSweep({
    dir,
    seed: SCALE.seed,
    problems: SCALE.problems,
    samplesPerCheckpoint: SCALE.samples,
    alphas,
    codeBytes: SCALE.codeBytes,
  });
  console.log(`  ${(r.bytes / 2 ** 30).toFixed(2)} GiB in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return r.manifestPath;
}

async function filesBytes(dir: string, alphas: readonly number[]): Promise<number> {
  let total = 0;
  for (const a of alphas) total += (await stat(join(dir, `alpha_${a}_eval_all.json`))).size;
  return total;
}

export async function scaleData(bench: string): Promise<ScaleData> {
  const dir = join(bench, 'scale-10m-lcb');
  const extraDir = join(bench, 'scale-10m-lcb-extra');
  const manifest = await sweep(dir, SCALE_ALPHAS, 'the study');
  const extraManifest = await sweep(extraDir, [EXTRA_ALPHA], 'one more checkpoint');
  return {
    manifest,
    extraManifest,
    fileBytes: await filesBytes(dir, SCALE_ALPHAS),
    samples: SCALE.problems * SCALE.samples * SCALE_ALPHAS.length,
  };
}

if (process.argv[1]?.endsWith('scale-data.ts')) {
  const d = await scaleData(join(import.meta.dirname, '../../.bench'));
  console.log(`${d.samples.toLocaleString()} samples, ${(d.fileBytes / 2 ** 30).toFixed(2)} GiB of LCB files`);
}
