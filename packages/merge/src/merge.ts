import { open, type FileHandle } from 'node:fs/promises';
import { openCheckpoint, type Checkpoint } from './checkpoint';
import { DTYPE_SIZES, type FloatDtype } from './dtypes';
import { MergeError } from './errors';
import { sha256Files } from './hash';
import { KERNEL_SLACK, createKernels, type Kernels } from './kernels/index';
import { coefficients, resolveOutputs, type OutTarget, type OutputSpec } from './options';
import { OutputCheckpoint, writeFully } from './output';
import { DEFAULT_MAX_SHARD_BYTES, planMerge, type PlannedTensor } from './plan';
import { makeRecipe, type Recipe } from './recipe';
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

const BLOCK = 8192; // elements per f64 scratch block: small enough to stay in L2

interface Job {
  tensor: PlannedTensor;
  first: number; // first element of the slice
  count: number;
}

export async function mergeCheckpoints(options: MergeOptions): Promise<MergeResult[]> {
  const hasBase = options.base !== undefined;
  const { outputs, warnings } = resolveOutputs({
    modelCount: options.models.length, weights: options.weights, alphas: options.alphas, hasBase, out: options.out,
  });
  warnings.forEach((w) => options.onWarning?.(w));
  const models = await Promise.all(options.models.map(openCheckpoint));
  const base = hasBase ? await openCheckpoint(options.base!) : null;
  const inputs = base ? [...models, base] : models;
  for (const o of outputs) {
    const clash = inputs.find((i) => i.dir === o.path || o.path.startsWith(`${i.dir}/`) || i.dir.startsWith(`${o.path}/`));
    if (clash) throw new MergeError(`output ${o.path} overlaps the input ${clash.dir}`);
  }
  const plan = planMerge(inputs, options.maxShardBytes ?? DEFAULT_MAX_SHARD_BYTES);
  const allFiles = [...new Set(inputs.flatMap((i) => i.files.map((f) => f.path)))];
  const handles = new Map<string, FileHandle>();
  const written: OutputCheckpoint[] = [];
  // Hashing runs in a worker on another core while the merge streams.
  const hashing = sha256Files(allFiles);
  try {
    for (const path of allFiles) handles.set(path, await open(path, 'r'));
    await verifyCopiedTensors(plan.tensors, handles);
    const pending = (o: OutputSpec) => makeRecipe({ alpha: o.alpha, weights: o.weights, models, base, hashes: null });
    for (const o of outputs) written.push(await OutputCheckpoint.create(o.path, plan.shards, pending(o)));
    await streamTensors(plan.tensors, inputs, outputs.map((o) => coefficients(o.weights, hasBase)), written, handles, options);
    const hashes = await hashing.result;
    const results: MergeResult[] = [];
    for (const [i, o] of outputs.entries()) {
      const recipe = makeRecipe({ alpha: o.alpha, weights: o.weights, models, base, hashes });
      await written[i]!.finish(recipe, models[0]!.dir, options.durable ?? true);
      results.push({ path: o.path, alpha: o.alpha, weights: o.weights, recipe, shards: plan.shards.map((s) => s.fileName), totalSize: plan.totalSize });
    }
    return results;
  } catch (err) {
    hashing.stop();
    await Promise.all(written.map((w) => w.abort()));
    throw err;
  } finally {
    await Promise.all([...handles.values()].map((fh) => fh.close()));
  }
}

async function streamTensors(
  tensors: PlannedTensor[],
  inputs: Checkpoint[],
  coefs: number[][],
  outputs: OutputCheckpoint[],
  handles: Map<string, FileHandle>,
  options: MergeOptions,
): Promise<void> {
  const nIn = inputs.length;
  const nOut = outputs.length;
  // Two slots (read ahead while computing), each with one buffer per input and per output.
  const budget = options.bufferBytes ?? 256 << 20;
  const chunk = Math.max(1 << 20, Math.min(16 << 20, Math.floor(budget / (2 * (nIn + nOut)) / 64) * 64));
  const stride = chunk + KERNEL_SLACK;
  const scratchStride = BLOCK * 8 + KERNEL_SLACK;
  const slotBase = (slot: number) => slot * (nIn + nOut) * stride;
  const inBuf = (slot: number, i: number) => slotBase(slot) + i * stride;
  const outBuf = (slot: number, o: number) => slotBase(slot) + (nIn + o) * stride;
  const scratch = (i: number) => 2 * (nIn + nOut) * stride + i * scratchStride; // i = nIn is the accumulator
  const k = createKernels(scratch(nIn + 1), { simd: options.simd });

  const jobs: Job[] = [];
  for (const t of tensors) {
    const size = DTYPE_SIZES[t.dtype];
    const per = Math.floor(chunk / size);
    for (let first = 0, total = t.bytes / size; first < total || (first === 0 && total === 0); first += per) {
      jobs.push({ tensor: t, first, count: Math.min(per, total - first) });
      if (total === 0) break;
    }
  }
  const bytesTotal = tensors.reduce((s, t) => s + t.bytes * nIn, 0);
  let bytesDone = 0;

  const read = async (job: Job, slot: number): Promise<void> => {
    const size = DTYPE_SIZES[job.tensor.dtype];
    const length = job.count * size;
    await Promise.all(job.tensor.sources.map(async (src, i) => {
      const fh = handles.get(src.file.path)!;
      const position = src.file.dataStart + src.begin + job.first * size;
      for (let done = 0; done < length; ) {
        const { bytesRead } = await fh.read(k.bytes, inBuf(slot, i) + done, length - done, position + done);
        if (bytesRead === 0) throw new MergeError('unexpected end of file (truncated while merging?)', src.file.path, job.tensor.name);
        done += bytesRead;
      }
    }));
  };
  const write = (job: Job, slot: number): Promise<unknown> => {
    const size = DTYPE_SIZES[job.tensor.dtype];
    return Promise.all(outputs.map((out, o) => {
      const [fh, pos] = out.positions.get(job.tensor.name)!;
      return writeFully(fh, k.bytes.subarray(outBuf(slot, o), outBuf(slot, o) + job.count * size), pos + job.first * size);
    }));
  };
  const compute = (job: Job, slot: number): void => {
    const { dtype, kind } = job.tensor;
    const size = DTYPE_SIZES[dtype];
    const n = job.count;
    for (let o = 0; o < nOut; o++) {
      const c = coefs[o]!;
      const dst = outBuf(slot, o);
      const src = kind === 'copy' ? 0 : copySource(c, (i) => k.bytes.subarray(inBuf(slot, i), inBuf(slot, i) + n * size));
      if (src !== null) k.bytes.copyWithin(dst, inBuf(slot, src), inBuf(slot, src) + n * size);
      copied[o] = src !== null;
    }
    if (kind === 'copy') return;
    const terms = coefs.map((c) => c.flatMap((w, i) => (w === 0 ? [] : [[i, w] as const])));
    const needed = new Set(terms.flatMap((t, o) => (copied[o] ? [] : t.map(([i]) => i))));
    for (let b = 0; b < n; b += BLOCK) {
      const m = Math.min(BLOCK, n - b);
      for (const i of needed) k.decode(dtype as FloatDtype, inBuf(slot, i) + b * size, scratch(i), m);
      for (let o = 0; o < nOut; o++) {
        if (copied[o]) continue;
        combineBlock(k, dtype as FloatDtype, terms[o]!, scratch, scratch(nIn), outBuf(slot, o) + b * size, m, size);
      }
    }
  };

  const copied = new Array<boolean>(nOut).fill(false);
  const pendingWrites: Array<Promise<unknown>> = [Promise.resolve(), Promise.resolve()];
  let nextRead = jobs.length > 0 ? read(jobs[0]!, 0) : null;
  for (let j = 0; j < jobs.length; j++) {
    const slot = j % 2;
    const job = jobs[j]!;
    await nextRead;
    nextRead = j + 1 < jobs.length ? read(jobs[j + 1]!, 1 - slot) : null;
    nextRead?.catch(() => {}); // awaited next iteration
    await pendingWrites[slot];
    compute(job, slot);
    pendingWrites[slot] = write(job, slot);
    pendingWrites[slot].catch(() => {});
    bytesDone += job.count * DTYPE_SIZES[job.tensor.dtype] * nIn;
    options.onProgress?.({ bytesDone, bytesTotal, tensor: job.tensor.name });
  }
  await Promise.all(pendingWrites);
}

/**
 * The input an output slice is a plain copy of, if any: weights one-hot (alpha 0 or 1), or all
 * inputs with a nonzero weight bytewise identical and the weights summing to 1. Copying keeps
 * endpoints and averages of identical inputs bit-exact (signed zeros and NaN payloads too).
 * The comparison stops at the first differing byte, so it costs nothing on distinct models.
 */
function copySource(c: readonly number[], slice: (i: number) => Uint8Array): number | null {
  const used = c.flatMap((w, i) => (w === 0 ? [] : [i]));
  if (used.length === 1 && c[used[0]!] === 1) return used[0]!;
  if (used.length === 0 || Math.abs(c.reduce((s, w) => s + w, 0) - 1) > 1e-9) return null;
  const first = slice(used[0]!);
  return used.every((i) => Buffer.compare(first, slice(i)) === 0) ? used[0]! : null;
}

function combineBlock(k: Kernels, dtype: FloatDtype, terms: ReadonlyArray<readonly [number, number]>, x: (i: number) => number, acc: number, dst: number, m: number, size: number): void {
  if (terms.length === 0) {
    k.bytes.fill(0, dst, dst + m * size);
  } else if (terms.length === 1) {
    const [i, w] = terms[0]!;
    k.scale(acc, x(i), w, m);
    k.encode(dtype, acc, dst, m);
  } else {
    // Sum in input order, the last two terms fused with the rounding: ((w0 x0 + w1 x1) + w2 x2) ...
    const [i0, w0] = terms[0]!;
    if (terms.length === 2) {
      const [i1, w1] = terms[1]!;
      k.combine2(dtype, x(i0), w0, x(i1), w1, dst, m);
      return;
    }
    k.scale(acc, x(i0), w0, m);
    for (let t = 1; t < terms.length - 1; t++) k.axpy(acc, x(terms[t]![0]), terms[t]![1], m);
    const [il, wl] = terms.at(-1)!;
    k.combine2(dtype, acc, 1, x(il), wl, dst, m);
  }
}
