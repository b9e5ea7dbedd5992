import { bf16ToF32Bits, f16ToNumber, f32BitsToBf16, f32BitsToF16 } from '../convert';
import type { FloatDtype } from '../dtypes';
import { kernelModule, type WasmKernelExports } from './wasm-module';

/**
 * Loops over one linear memory. Pointers are byte offsets, `n` counts elements. Values are
 * widened to float64 (decode), combined (scale, axpy), and rounded back once (encode: f64 ->
 * f32 with ties to even, then to bf16/f16 with ties to even). Kernels may touch up to
 * KERNEL_SLACK bytes past the end of each buffer, so buffers are allocated with that slack.
 */
export interface Kernels {
  readonly simd: boolean;
  /** Shared, so that worker threads can hash and compute on the same buffers. */
  readonly memory: WebAssembly.Memory;
  /** `memory.buffer`, which the DOM typings declare as a plain ArrayBuffer even when shared. */
  readonly shared: SharedArrayBuffer;
  readonly bytes: Uint8Array;
  decode(dtype: FloatDtype, src: number, dst: number, n: number): void;
  encode(dtype: FloatDtype, src: number, dst: number, n: number): void;
  scale(dst: number, x: number, w: number, n: number): void;
  axpy(dst: number, x: number, w: number, n: number): void;
  /** dst = encode(w0 * x0 + w1 * x1): the same as scale, axpy, encode, in one pass. */
  combine2(dtype: FloatDtype, x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void;
  /** combine2 for BF16 with x0, x1 pointing at the BF16 inputs, not decoded ones (SIMD only): same bits. */
  combine2Bf16Packed?(x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void;
}

export const KERNEL_SLACK = 64;

let f16Table: Float64Array | undefined;

export function createKernels(byteLength: number, options: { simd?: boolean } = {}): Kernels {
  const pages = Math.ceil((byteLength + KERNEL_SLACK) / 65536);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const buf = memory.buffer as unknown as SharedArrayBuffer;
  const bytes = new Uint8Array(buf);
  const u16 = new Uint16Array(buf);
  const f32 = new Float32Array(buf);
  const f64 = new Float64Array(buf);
  const box = new Float32Array(1);
  const boxBits = new Uint32Array(box.buffer);
  const module = options.simd === false ? null : kernelModule();
  const wasm = module
    ? (new WebAssembly.Instance(module, { env: { mem: memory } }).exports as unknown as WasmKernelExports)
    : null;

  const scalar = {
    decode(dtype: FloatDtype, src: number, dst: number, n: number): void {
      const d = dst >> 3;
      if (dtype === 'F64') {
        bytes.copyWithin(dst, src, src + n * 8);
      } else if (dtype === 'F32') {
        for (let i = 0, s = src >> 2; i < n; i++) f64[d + i] = f32[s + i]!;
      } else if (dtype === 'BF16') {
        for (let i = 0, s = src >> 1; i < n; i++) {
          boxBits[0] = bf16ToF32Bits(u16[s + i]!);
          f64[d + i] = box[0]!;
        }
      } else {
        const table = (f16Table ??= Float64Array.from({ length: 65536 }, (_, h) => f16ToNumber(h)));
        for (let i = 0, s = src >> 1; i < n; i++) f64[d + i] = table[u16[s + i]!]!;
      }
    },
    encode(dtype: FloatDtype, src: number, dst: number, n: number): void {
      const s = src >> 3;
      if (dtype === 'F64') {
        bytes.copyWithin(dst, src, src + n * 8);
      } else if (dtype === 'F32') {
        for (let i = 0, d = dst >> 2; i < n; i++) f32[d + i] = f64[s + i]!;
      } else {
        const round = dtype === 'BF16' ? f32BitsToBf16 : f32BitsToF16;
        for (let i = 0, d = dst >> 1; i < n; i++) {
          box[0] = f64[s + i]!;
          u16[d + i] = round(boxBits[0]!);
        }
      }
    },
    scale(dst: number, x: number, w: number, n: number): void {
      for (let i = 0, d = dst >> 3, s = x >> 3; i < n; i++) f64[d + i] = w * f64[s + i]!;
    },
    axpy(dst: number, x: number, w: number, n: number): void {
      for (let i = 0, d = dst >> 3, s = x >> 3; i < n; i++) f64[d + i]! += w * f64[s + i]!;
    },
    combine2(dtype: FloatDtype, x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void {
      const a = x0 >> 3,
        b = x1 >> 3;
      if (dtype === 'F64') {
        const out = new Float64Array(f64.buffer, dst, n);
        for (let i = 0; i < n; i++) out[i] = w0 * f64[a + i]! + w1 * f64[b + i]!;
      } else if (dtype === 'F32') {
        for (let i = 0, d = dst >> 2; i < n; i++) f32[d + i] = w0 * f64[a + i]! + w1 * f64[b + i]!;
      } else {
        const round = dtype === 'BF16' ? f32BitsToBf16 : f32BitsToF16;
        for (let i = 0, d = dst >> 1; i < n; i++) {
          box[0] = w0 * f64[a + i]! + w1 * f64[b + i]!;
          u16[d + i] = round(boxBits[0]!);
        }
      }
    },
  };
  if (!wasm) return { simd: false, memory, shared: buf, bytes, ...scalar };
  return {
    simd: true,
    memory,
    shared: buf,
    bytes,
    decode(dtype, src, dst, n) {
      if (dtype === 'BF16') wasm.decBf16(src, dst, n);
      else if (dtype === 'F32') wasm.decF32(src, dst, n);
      else scalar.decode(dtype, src, dst, n);
    },
    encode(dtype, src, dst, n) {
      if (dtype === 'BF16') wasm.encBf16(src, dst, n);
      else if (dtype === 'F32') wasm.encF32(src, dst, n);
      else scalar.encode(dtype, src, dst, n);
    },
    scale: (dst, x, w, n) => wasm.scale(dst, x, w, n),
    axpy: (dst, x, w, n) => wasm.axpy(dst, x, w, n),
    combine2(dtype, x0, w0, x1, w1, dst, n) {
      if (dtype === 'BF16') wasm.comb2Bf16(x0, w0, x1, w1, dst, n);
      else if (dtype === 'F32') wasm.comb2F32(x0, w0, x1, w1, dst, n);
      else scalar.combine2(dtype, x0, w0, x1, w1, dst, n);
    },
    combine2Bf16Packed: (x0, w0, x1, w1, dst, n) => wasm.comb2Bf16Packed(x0, w0, x1, w1, dst, n),
  };
}
