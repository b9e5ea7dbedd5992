import { open, type FileHandle } from 'node:fs/promises';
import { ensureFreeSpace, explainDiskFull, namePaths } from '@frontier/disk';
import { openCheckpoint } from './checkpoint';
import { DTYPE_SIZES } from './dtypes';
import { MergeError } from './errors';
import { InputHasher } from './hash';
import { coefficients, resolveOutputs, type OutTarget, type OutputSpec } from './options';
import { OutputCheckpoint } from './output';
import { DEFAULT_MAX_SHARD_BYTES, planMerge } from './plan';
import { makeRecipe, type Recipe } from './recipe';
import { streamTensors } from './stream';
import { verifyCopiedTensors } from './verify';

export interface MergeProgress {
  /** Input bytes read so far (all inputs together) and in total. */
  bytesDone: number;
  bytesTotal: number;
  tensor: string;
}

export interface MergeOptions {
  /** Checkpoint directories; with `alpha(s)` exactly two: lo, hi. */
  models: string[];
  /** One output with these weights (one per model). */
  weights?: number[];
  /** One output per alpha, with weights [1 - alpha, alpha]. */
  alphas?: number[];
  /** Task-vector form: base + sum_i w_i (theta_i - base). */
  base?: string;
  /** A directory, or a pattern with `{alpha}`, or a function of the alpha. */
  out: OutTarget;
  maxShardBytes?: number;
  /** Upper bound on the I/O buffers (default 256 MiB): memory stays bounded whatever the model size. */
  bufferBytes?: number;
  /** fsync every file before the final rename (default true). */
  durable?: boolean;
  /** Write whole blocks with O_DIRECT where the file system allows it (default true; see the README). */
  directIo?: boolean;
  /** Use the WebAssembly SIMD kernels when available (default true). */
  simd?: boolean;
  onProgress?: (progress: MergeProgress) => void;
  onWarning?: (message: string) => void;
}

export interface MergeResult {
  path: string;
  alpha: number | null;
  weights: number[];
  recipe: Recipe;
  shards: string[];
  totalSize: number;
}

export async function mergeCheckpoints(options: MergeOptions): Promise<MergeResult[]> {
  const hasBase = options.base !== undefined;
  const { outputs, warnings } = resolveOutputs({
    modelCount: options.models.length,
    weights: options.weights,
    alphas: options.alphas,
    hasBase,
    out: options.out,
  });
  warnings.forEach((w) => options.onWarning?.(w));
  const models = await Promise.all(options.models.map(openCheckpoint));
  const base = hasBase ? await openCheckpoint(options.base!) : null;
  const inputs = base ? [...models, base] : models;
  for (const o of outputs) {
    const clash = inputs.find(
      (i) => i.dir === o.path || o.path.startsWith(`${i.dir}/`) || i.dir.startsWith(`${o.path}/`),
    );
    if (clash) throw new MergeError(`output ${o.path} overlaps the input ${clash.dir}`);
  }
  const plan = planMerge(inputs, options.maxShardBytes ?? DEFAULT_MAX_SHARD_BYTES);
  const allFiles = [...new Set(inputs.flatMap((i) => i.files.map((f) => f.path)))];
  const pending = (o: OutputSpec) => makeRecipe({ alpha: o.alpha, weights: o.weights, models, base, hashes: null });
  // A merge that cannot fit is refused before it writes anything, rather than after gigabytes
  // (and after an existing output, which no amount of space would let it replace).
  for (const o of outputs) await OutputCheckpoint.refuseExisting(o.path);
  const needed = await Promise.all(
    outputs.map(async (o) => ({
      path: o.path,
      bytes: await OutputCheckpoint.bytesNeeded(plan.shards, pending(o), models[0]!.dir),
    })),
  );
  ensureFreeSpace(needed);
  const handles = new Map<string, FileHandle>();
  const written: OutputCheckpoint[] = [];
  try {
    for (const path of allFiles) handles.set(path, await open(path, 'r'));
    await verifyCopiedTensors(plan.tensors, handles);
    for (const o of outputs)
      written.push(await OutputCheckpoint.create(o.path, plan.shards, pending(o), options.directIo ?? true));
    const bytesTotal = plan.tensors.reduce((s, t) => s + t.bytes * inputs.length, 0);
    let bytesDone = 0;
    const hashes = await streamTensors(
      plan.tensors,
      outputs.map((o) => coefficients(o.weights, hasBase)),
      written,
      handles,
      {
        bufferBytes: options.bufferBytes ?? 256 << 20,
        simd: options.simd,
        // One hash worker per input, so that the inputs are hashed in parallel.
        startHashing: (memory) =>
          InputHasher.start(
            memory,
            inputs.map((i) => i.files.map((f) => f.path)),
          ),
        onSlice: (job) => {
          bytesDone += job.count * DTYPE_SIZES[job.tensor.dtype] * inputs.length;
          options.onProgress?.({ bytesDone, bytesTotal, tensor: job.tensor.name });
        },
      },
    );
    const results: MergeResult[] = [];
    for (const [i, o] of outputs.entries()) {
      const recipe = makeRecipe({ alpha: o.alpha, weights: o.weights, models, base, hashes });
      await written[i]!.finish(recipe, models[0]!.dir, options.durable ?? true);
      results.push({
        path: o.path,
        alpha: o.alpha,
        weights: o.weights,
        recipe,
        shards: plan.shards.map((s) => s.fileName),
        totalSize: plan.totalSize,
      });
    }
    return results;
  } catch (err) {
    await Promise.all(written.map((w) => w.abort()));
    // The disk filled anyway (something else wrote meanwhile): said once the partial outputs are
    // gone, so the free space reported is what a retry will find.
    const what = namePaths(outputs.map((o) => o.path));
    throw explainDiskFull(err, { path: outputs[0]!.path, what, neededBytes: needed.reduce((s, n) => s + n.bytes, 0) });
  } finally {
    await Promise.all([...handles.values()].map((fh) => fh.close()));
  }
}
