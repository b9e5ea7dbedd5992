import { Worker } from 'node:worker_threads';
import type { FloatDtype } from '../dtypes';
import type { Kernels } from './index';
import type { WasmKernelExports } from './wasm-module';

// Kernel calls run by a worker thread on the same shared memory, so one slice's arithmetic is
// split across two cores. The calls are recorded here and sent as one batch per slice.
// !: Plain JavaScript with `eval: true`, as in hash.ts: a .ts worker would need the tsx loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { module, memory, names } = workerData;
const exports = new WebAssembly.Instance(module, { env: { mem: memory } }).exports;
const fns = names.map((n) => exports[n]);
parentPort.on('message', (calls) => {
  for (let p = 0; p < calls.length; ) {
    const f = fns[calls[p]], argc = calls[p + 1];
    f(...calls.subarray(p + 2, p + 2 + argc));
    p += 2 + argc;
  }
  parentPort.postMessage(0);
});
`;

const NAMES: Array<keyof WasmKernelExports> = [
  'decBf16',
  'encBf16',
  'decF32',
  'encF32',
  'scale',
  'axpy',
  'comb2Bf16',
  'comb2F32',
  'comb2Bf16Packed',
];
const code = (name: keyof WasmKernelExports) => NAMES.indexOf(name);

/** Dtypes a remote worker handles: the ones with SIMD kernels. */
export const REMOTE_DTYPES: ReadonlySet<FloatDtype> = new Set(['BF16', 'F32']);

export interface RemoteKernels {
  /** Records calls (BF16 and F32 only) to run with `run`. */
  readonly kernels: Kernels;
  run(): Promise<void>;
  stop(): Promise<void>;
}

export function remoteKernels(local: Kernels, module: WebAssembly.Module): RemoteKernels {
  const worker = new Worker(WORKER, { eval: true, workerData: { module, memory: local.memory, names: NAMES } });
  let calls: number[] = [];
  let failure: Error | null = null;
  let waiting: { resolve: () => void; reject: (err: Error) => void } | null = null;
  const fail = (err: Error) => {
    failure = err;
    waiting?.reject(err);
  };
  worker.on('message', () => waiting?.resolve());
  worker.on('error', fail);
  worker.on('exit', (c) => fail(new Error(`compute worker exited with code ${c}`)));
  const call = (name: keyof WasmKernelExports, ...args: number[]) => void calls.push(code(name), args.length, ...args);
  const only = (dtype: FloatDtype) => {
    if (!REMOTE_DTYPES.has(dtype)) throw new Error(`internal: no remote kernel for ${dtype}`);
    return dtype === 'BF16';
  };
  const kernels: Kernels = {
    simd: true,
    memory: local.memory,
    shared: local.shared,
    bytes: local.bytes,
    decode: (dtype, src, dst, n) => call(only(dtype) ? 'decBf16' : 'decF32', src, dst, n),
    encode: (dtype, src, dst, n) => call(only(dtype) ? 'encBf16' : 'encF32', src, dst, n),
    scale: (dst, x, w, n) => call('scale', dst, x, w, n),
    axpy: (dst, x, w, n) => call('axpy', dst, x, w, n),
    combine2: (dtype, x0, w0, x1, w1, dst, n) => call(only(dtype) ? 'comb2Bf16' : 'comb2F32', x0, w0, x1, w1, dst, n),
    combine2Bf16Packed: (x0, w0, x1, w1, dst, n) => call('comb2Bf16Packed', x0, w0, x1, w1, dst, n),
  };
  return {
    kernels,
    run() {
      if (failure) return Promise.reject(failure);
      const batch = Float64Array.from(calls);
      calls = [];
      return new Promise<void>((resolve, reject) => {
        waiting = { resolve, reject };
        worker.postMessage(batch, [batch.buffer]);
      });
    },
    async stop() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
