import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { temporaryPath } from '@frontier/disk';
import { INDEX_FILE } from './checkpoint';
import { MergeError } from './errors';
import { SequentialFileWriter } from './file-writer';
import type { ShardPlan } from './plan';
import type { Recipe } from './recipe';
import { encodeHeader } from './safetensors/file';

// Weight files of any framework stay behind; everything else (config, tokenizer, generation
// config, chat template, licence) is copied from the first model.
const WEIGHT_FILE = /\.(safetensors|bin|pt|pth|ckpt|h5|msgpack|gguf|onnx)$|\.index\.json$|^merge\.json$|^\./;

/** One output checkpoint being written in `<path>.tmp-<random>`, renamed to `<path>` when complete. */
export class OutputCheckpoint {
  private constructor(
    readonly path: string,
    readonly tmpDir: string,
    private readonly shards: ShardPlan[],
    private readonly writers: SequentialFileWriter[],
    /** name -> [the shard's writer, absolute file offset of the tensor's data] */
    readonly positions: Map<string, [SequentialFileWriter, number]>,
  ) {}

  static async refuseExisting(path: string): Promise<void> {
    if (await stat(path).catch(() => null)) throw new MergeError(`output already exists: ${path}`);
  }

  static async create(
    path: string,
    shards: ShardPlan[],
    pendingRecipe: Recipe,
    directIo: boolean,
  ): Promise<OutputCheckpoint> {
    await OutputCheckpoint.refuseExisting(path);
    await mkdir(dirname(path), { recursive: true });
    const tmpDir = temporaryPath(path);
    await mkdir(tmpDir);
    const writers: SequentialFileWriter[] = [];
    const positions = new Map<string, [SequentialFileWriter, number]>();
    const out = new OutputCheckpoint(path, tmpDir, shards, writers, positions);
    try {
      for (const shard of shards) {
        const header = encodeHeader(shard.tensors, shardMetadata(pendingRecipe));
        const size = shard.tensors.reduce((s, t) => s + t.bytes, header.length);
        const writer = await SequentialFileWriter.create(join(tmpDir, shard.fileName), header, size, directIo);
        writers.push(writer);
        let pos = header.length;
        for (const t of shard.tensors) {
          positions.set(t.name, [writer, pos]);
          pos += t.bytes;
        }
      }
    } catch (err) {
      await out.abort();
      throw err;
    }
    return out;
  }

  /**
   * Bytes the finished checkpoint takes on disk: shards (headers included), index, merge.json and
   * the copied files, each rounded up to a 4 KiB block; merge.json gets a block more for the hashes.
   */
  static async bytesNeeded(shards: ShardPlan[], pendingRecipe: Recipe, extrasFrom: string): Promise<number> {
    const block = (n: number) => Math.ceil(n / 4096) * 4096;
    let total = 0;
    for (const shard of shards)
      total += block(
        shard.tensors.reduce((s, t) => s + t.bytes, encodeHeader(shard.tensors, shardMetadata(pendingRecipe)).length),
      );
    const recipe = JSON.stringify(pendingRecipe, null, 2).length;
    const index =
      shards.length > 1
        ? shards.reduce(
            (s, shard) => s + shard.tensors.reduce((n, t) => n + t.name.length + shard.fileName.length + 8, 0),
            64,
          )
        : 0;
    total += block(recipe + 4096) + block(index);
    for (const name of await readdir(extrasFrom)) {
      const info = WEIGHT_FILE.test(name) ? null : await stat(join(extrasFrom, name));
      if (info?.isFile()) total += block(info.size);
    }
    return total;
  }

  /** Rewrites the headers with the final recipe, adds index, merge.json and extra files, renames. */
  async finish(recipe: Recipe, extrasFrom: string, durable: boolean): Promise<void> {
    for (const [i, shard] of this.shards.entries()) {
      await this.writers[i]!.finish(encodeHeader(shard.tensors, shardMetadata(recipe)), durable);
    }
    this.writers.length = 0;
    if (this.shards.length > 1) {
      const weightMap: Record<string, string> = {};
      let total = 0;
      for (const shard of this.shards) {
        for (const t of shard.tensors) {
          weightMap[t.name] = shard.fileName;
          total += t.bytes;
        }
      }
      await writeFile(
        join(this.tmpDir, INDEX_FILE),
        `${JSON.stringify({ metadata: { total_size: total }, weight_map: weightMap }, null, 2)}\n`,
      );
    }
    await writeFile(join(this.tmpDir, 'merge.json'), `${JSON.stringify(recipe, null, 2)}\n`);
    for (const entry of await readdir(extrasFrom, { withFileTypes: true })) {
      if (WEIGHT_FILE.test(entry.name)) continue;
      const src = join(extrasFrom, entry.name);
      if ((await stat(src)).isFile()) await copyFile(src, join(this.tmpDir, entry.name));
    }
    if (await stat(this.path).catch(() => null)) throw new MergeError(`output appeared while merging: ${this.path}`);
    await rename(this.tmpDir, this.path);
  }

  async abort(): Promise<void> {
    await Promise.all(this.writers.map((w) => w.close()));
    this.writers.length = 0;
    await rm(this.tmpDir, { recursive: true, force: true });
  }
}

function shardMetadata(recipe: Recipe): Record<string, string> {
  // "format": "pt" is what transformers checks before loading a safetensors file.
  return { format: 'pt', frontier_merge: JSON.stringify(recipe) };
}
