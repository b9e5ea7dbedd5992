import type { FileHandle } from 'node:fs/promises';
import { BLOCK, combineRange, copySource, termsOf, type SliceBuffers } from './combine';
import { DTYPE_SIZES, type FloatDtype } from './dtypes';
import { MergeError } from './errors';
import { BLOCK_ALIGN, SequentialFileWriter } from './file-writer';
import type { InputHasher } from './hash';
import { KERNEL_SLACK, createKernels } from './kernels/index';
import { REMOTE_DTYPES, remoteKernels, type RemoteKernels } from './kernels/remote';
import { kernelModule } from './kernels/wasm-module';
import type { OutputCheckpoint } from './output';
import type { PlannedTensor } from './plan';
import { WritePool } from './write-pool';

export interface StreamOptions {
  /** Upper bound on the I/O buffers: memory stays bounded whatever the model size. */
  bufferBytes: number;
  simd?: boolean;
  /** Hashes the inputs from the read buffers; started on `memory` by `startHashing`. */
  startHashing: (memory: SharedArrayBuffer) => InputHasher;
  onSlice: (job: Job) => void;
}

export interface Job {
  tensor: PlannedTensor;
  first: number; // first element of the slice
  count: number;
}

const roundUp = (n: number, to: number) => Math.ceil(n / to) * to;

// Slices in flight per stage: reads run ahead of the arithmetic and writes lag behind it, so a
// slow disk or a busy hash worker stalls the arithmetic only after a slot's worth of slack.
const IN_SLOTS = 3;
const OUT_SLOTS = 3;
// Direct writes in flight at once: the build VM's disk needs about four to reach its speed; one
// output needs fewer (each thread costs ~30 ms of CPU to start).
const writeThreads = (outputs: number) => Math.min(4, outputs + 1);

/**
 * Reads every input tensor slice by slice, computes every output and writes it; reads, hashing,
 * arithmetic and writes of different slices overlap. Each slice's arithmetic is split between
 * this thread and a worker. Returns the input hashes.
 */
export async function streamTensors(
  tensors: readonly PlannedTensor[],
  coefs: number[][],
  outputs: OutputCheckpoint[],
  handles: Map<string, FileHandle>,
  options: StreamOptions,
): Promise<Record<string, string>> {
  const nIn = coefs[0]!.length;
  const nOut = outputs.length;
  const chunk = Math.max(
    1 << 20,
    Math.min(
      16 << 20,
      Math.floor(options.bufferBytes / (IN_SLOTS * nIn + OUT_SLOTS * nOut) / BLOCK_ALIGN) * BLOCK_ALIGN,
    ),
  );
  const inStride = roundUp(chunk + KERNEL_SLACK, BLOCK_ALIGN);
  const outStride = roundUp(BLOCK_ALIGN + chunk + KERNEL_SLACK, BLOCK_ALIGN); // room for the carried partial block
  const outBase = IN_SLOTS * nIn * inStride;
  const scratchBytes = (nIn + 1) * (BLOCK * 8 + KERNEL_SLACK);
  const scratchBase = (thread: number) => outBase + OUT_SLOTS * nOut * outStride + thread * scratchBytes;
  const k = createKernels(scratchBase(2), { simd: options.simd });
  const module = k.simd ? kernelModule() : null;
  const remote: RemoteKernels | null = module ? remoteKernels(k, module) : null;
  const hasher = options.startHashing(k.shared);
  const pool = WritePool.start(k.shared, writeThreads(nOut));
  const terms = coefs.map(termsOf);

  const jobs: Job[] = [];
  for (const t of tensors) {
    const per = Math.floor(chunk / DTYPE_SIZES[t.dtype]);
    const total = t.bytes / DTYPE_SIZES[t.dtype];
    for (let first = 0; first === 0 || first < total; first += per)
      jobs.push({ tensor: t, first, count: Math.min(per, total - first) });
  }
  const target = (job: Job, o: number): [SequentialFileWriter, number] => {
    const [writer, pos] = outputs[o]!.positions.get(job.tensor.name)!;
    return [writer, pos + job.first * DTYPE_SIZES[job.tensor.dtype]];
  };
  // Written from the offset where the bytes sit at their file offset modulo the block size, as
  // O_DIRECT needs; computed 8-aligned, as the scalar kernels' typed arrays need, and moved if apart.
  const placed = (j: number, o: number) =>
    outBase + ((j % OUT_SLOTS) * nOut + o) * outStride + SequentialFileWriter.placement(target(jobs[j]!, o)[1]);
  const buffers = (j: number, thread: number): SliceBuffers => ({
    input: (i) => ((j % IN_SLOTS) * nIn + i) * inStride,
    output: (o) => roundUp(placed(j, o), 8),
    scratch: (i) => scratchBase(thread) + i * (BLOCK * 8 + KERNEL_SLACK),
  });

  const read = async (j: number): Promise<void> => {
    const job = jobs[j]!;
    const size = DTYPE_SIZES[job.tensor.dtype];
    const length = job.count * size;
    await Promise.all(
      job.tensor.sources.map(async (src, i) => {
        const fh = handles.get(src.file.path)!;
        const position = src.file.dataStart + src.begin + job.first * size;
        for (let done = 0; done < length;) {
          const { bytesRead } = await fh.read(k.bytes, buffers(j, 0).input(i) + done, length - done, position + done);
          if (bytesRead === 0)
            throw new MergeError('unexpected end of file (truncated while merging?)', src.file.path, job.tensor.name);
          done += bytesRead;
        }
      }),
    );
  };
  const hash = (j: number): Promise<void> => {
    const job = jobs[j]!;
    const size = DTYPE_SIZES[job.tensor.dtype];
    return hasher.hash(
      job.tensor.sources.map((src, i) => ({
        path: src.file.path,
        position: src.file.dataStart + src.begin + job.first * size,
        offset: buffers(j, 0).input(i),
        length: job.count * size,
      })),
    );
  };
  const write = (j: number): Promise<unknown> => {
    const job = jobs[j]!;
    const length = job.count * DTYPE_SIZES[job.tensor.dtype];
    const buf = buffers(j, 0);
    return Promise.all(
      outputs.map((_, o) => {
        const [writer, pos] = target(job, o);
        const at = placed(j, o);
        if (at !== buf.output(o)) k.bytes.copyWithin(at, buf.output(o), buf.output(o) + length);
        return writer.write(k.bytes, at, length, pos, pool);
      }),
    );
  };
  const compute = async (j: number): Promise<void> => {
    const job = jobs[j]!;
    const { dtype, kind } = job.tensor;
    const size = DTYPE_SIZES[dtype];
    const n = job.count;
    const buf = buffers(j, 0);
    const slice = (i: number) => k.bytes.subarray(buf.input(i), buf.input(i) + n * size);
    const copied = coefs.map((c, o) => {
      const src = kind === 'copy' ? 0 : copySource(c, slice);
      if (src !== null) k.bytes.copyWithin(buf.output(o), buf.input(src), buf.input(src) + n * size);
      return src !== null;
    });
    if (kind === 'copy' || copied.every(Boolean)) return;
    // The worker takes the second half, cut on a block boundary so no kernel overruns into the other half.
    const split = remote && REMOTE_DTYPES.has(dtype as FloatDtype) ? Math.floor(n / 2 / BLOCK) * BLOCK : n;
    if (split < n)
      combineRange(remote!.kernels, dtype as FloatDtype, terms, copied, buffers(j, 1), nIn, split, n, size);
    const remoteDone = split < n ? remote!.run() : null;
    remoteDone?.catch(() => {}); // awaited below
    combineRange(k, dtype as FloatDtype, terms, copied, buf, nIn, 0, split, size);
    await remoteDone;
  };

  const settled = <T>(p: Promise<T>) => (p.catch(() => {}), p); // awaited later
  const reads = new Map<number, Promise<void>>();
  const hashes = new Map<number, Promise<void>>();
  const writes = new Map<number, Promise<unknown>>();
  try {
    for (let j = 0; j < Math.min(IN_SLOTS, jobs.length); j++) reads.set(j, settled(read(j)));
    for (let j = 0; j < jobs.length; j++) {
      await reads.get(j);
      reads.delete(j);
      hashes.set(j, settled(hash(j)));
      await writes.get(j - OUT_SLOTS); // this output slot's last writes
      writes.delete(j - OUT_SLOTS);
      await compute(j);
      writes.set(j, settled(write(j)));
      // This input slot is free for the slice IN_SLOTS on once the hash workers are done with it.
      if (j + IN_SLOTS < jobs.length) reads.set(j + IN_SLOTS, settled(hashes.get(j)!.then(() => read(j + IN_SLOTS))));
      hashes.delete(j - IN_SLOTS);
      options.onSlice(jobs[j]!);
    }
    await Promise.all([...writes.values(), ...hashes.values()]);
    return await hasher.finish();
  } finally {
    await Promise.all([remote?.stop(), hasher.stop(), pool.stop()]);
  }
}
