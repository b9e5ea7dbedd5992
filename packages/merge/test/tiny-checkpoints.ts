// Helpers for the tests: tiny checkpoints on disk.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DTYPE_SIZES, elementCount, type Dtype } from '../src/dtypes';
import { writeSafetensors, type Tensor } from '../src/safetensors/file';

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'frontier-merge-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function tensor(
  name: string,
  dtype: Dtype,
  shape: number[],
  fill: (bytes: Uint8Array) => void = () => {},
): Tensor {
  const data = new Uint8Array(elementCount(shape) * DTYPE_SIZES[dtype]);
  fill(data);
  return { name, dtype, shape, data };
}

export function randomBytesFrom(seed: number): (bytes: Uint8Array) => void {
  return (bytes) => {
    let s = seed >>> 0;
    for (let i = 0; i < bytes.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      bytes[i] = s >>> 24;
    }
  };
}

/** Writes a checkpoint: one file, or shards with an index when `shards` has several groups. */
export async function writeCheckpoint(
  dir: string,
  shards: Tensor[][],
  extras: Record<string, string> = { 'config.json': '{"model_type":"toy"}\n' },
): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (shards.length === 1) {
    await writeSafetensors(join(dir, 'model.safetensors'), shards[0]!, { format: 'pt' });
  } else {
    const weightMap: Record<string, string> = {};
    for (const [i, group] of shards.entries()) {
      const name = `model-${String(i + 1).padStart(5, '0')}-of-${String(shards.length).padStart(5, '0')}.safetensors`;
      await writeSafetensors(join(dir, name), group, { format: 'pt' });
      for (const t of group) weightMap[t.name] = name;
    }
    await writeFile(join(dir, 'model.safetensors.index.json'), JSON.stringify({ metadata: {}, weight_map: weightMap }));
  }
  for (const [name, text] of Object.entries(extras)) await writeFile(join(dir, name), text);
  return dir;
}
