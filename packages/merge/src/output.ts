import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { INDEX_FILE } from './checkpoint';
import { MergeError } from './errors';
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
    private readonly handles: FileHandle[],
    /** name -> [shard index, absolute file offset of the tensor's data] */
    readonly positions: Map<string, [FileHandle, number]>,
  ) {}

  static async create(path: string, shards: ShardPlan[], pendingRecipe: Recipe): Promise<OutputCheckpoint> {
    if (await stat(path).catch(() => null)) throw new MergeError(`output already exists: ${path}`);
    await mkdir(dirname(path), { recursive: true });
    const tmpDir = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    await mkdir(tmpDir);
    const handles: FileHandle[] = [];
    const positions = new Map<string, [FileHandle, number]>();
    const out = new OutputCheckpoint(path, tmpDir, shards, handles, positions);
    try {
      for (const shard of shards) {
        const fh = await open(join(tmpDir, shard.fileName), 'wx');
        handles.push(fh);
        const header = encodeHeader(shard.tensors, shardMetadata(pendingRecipe));
        await writeFully(fh, header, 0);
        let pos = header.length;
        for (const t of shard.tensors) {
          positions.set(t.name, [fh, pos]);
          pos += t.bytes;
        }
        await fh.truncate(pos); // the final size up front; tensors fill it in
      }
    } catch (err) {
      await out.abort();
      throw err;
    }
    return out;
  }

  /** Rewrites the headers with the final recipe, adds index, merge.json and extra files, renames. */
  async finish(recipe: Recipe, extrasFrom: string, durable: boolean): Promise<void> {
    for (const [i, shard] of this.shards.entries()) {
      const fh = this.handles[i]!;
      const header = encodeHeader(shard.tensors, shardMetadata(recipe));
      const [, firstPos] = shard.tensors[0] ? this.positions.get(shard.tensors[0].name)! : [fh, header.length];
      if (firstPos !== header.length) throw new Error('internal: final header length differs from the reserved one');
      await writeFully(fh, header, 0);
      if (durable) await fh.sync();
      await fh.close();
    }
    this.handles.length = 0;
    if (this.shards.length > 1) {
      const weightMap: Record<string, string> = {};
      let total = 0;
      for (const shard of this.shards) {
        for (const t of shard.tensors) {
          weightMap[t.name] = shard.fileName;
          total += t.bytes;
        }
      }
      await writeFile(join(this.tmpDir, INDEX_FILE), `${JSON.stringify({ metadata: { total_size: total }, weight_map: weightMap }, null, 2)}\n`);
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
    await Promise.all(this.handles.map((fh) => fh.close().catch(() => {})));
    this.handles.length = 0;
    await rm(this.tmpDir, { recursive: true, force: true });
  }
}

function shardMetadata(recipe: Recipe): Record<string, string> {
  // "format": "pt" is what transformers checks before loading a safetensors file.
  return { format: 'pt', frontier_merge: JSON.stringify(recipe) };
}

export async function writeFully(fh: FileHandle, data: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < data.length; ) {
    const { bytesWritten } = await fh.write(data, done, data.length - done, position + done);
    done += bytesWritten;
  }
}

