import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKernels, type Kernels } from './index';
import type { FloatDtype } from '../dtypes';

// Inputs rich in edge cases: every 16-bit pattern class plus random f32 bits.
const N = 4096 + 5; // not a multiple of the SIMD width
const SRC = 0,
  ACC = 1 << 16,
  X = 2 << 16,
  OUT = 3 << 16;

function fill(k: Kernels, dtype: FloatDtype, seed: number): void {
  const size = dtype === 'F32' ? 4 : 2;
  const view = new DataView(k.bytes.buffer);
  let s = seed;
  for (let i = 0; i < N; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    // Every few elements an extreme pattern: zeros, infinities, NaNs, subnormals.
    const special = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x00000001, 0x807fffff][s % 8]!;
    const bits = s % 5 === 0 ? special : s;
    if (size === 4) view.setUint32(SRC + 4 * i, bits, true);
    else view.setUint16(SRC + 2 * i, bits >>> 16, true);
  }
}

describe('SIMD kernels agree with the scalar kernels bit for bit', () => {
  const simd = createKernels(1 << 20);
  const scalar = createKernels(1 << 20, { simd: false });
  it('has SIMD on this Node', () => expect(simd.simd).toBe(true));
  for (const dtype of ['BF16', 'F32', 'F16', 'F64'] as const) {
    it(`${dtype}: decode, combine, encode`, () => {
      fc.assert(
        fc.property(fc.integer(), fc.double({ noNaN: true, min: -4, max: 4 }), (seed, w) => {
          const outs = [simd, scalar].map((k) => {
            fill(k, dtype, seed);
            k.decode(dtype, SRC, X, N);
            k.scale(ACC, X, 1 - w, N);
            k.axpy(ACC, X, w * 0.5, N);
            k.encode(dtype, ACC, OUT, N);
            k.combine2(dtype, X, 1 - w, X, w * 0.5, OUT + N * 8 + 64, N);
            const size = dtype === 'F64' ? 8 : dtype === 'F32' ? 4 : 2;
            const fused = Buffer.from(k.bytes.subarray(OUT + N * 8 + 64, OUT + N * 8 + 64 + N * size));
            const separate = Buffer.from(k.bytes.subarray(OUT, OUT + N * size));
            expect(canonNaN(fused, dtype)).toEqual(canonNaN(separate, dtype));
            return separate;
          });
          // NaN payloads may differ between the two paths; everything else must match exactly.
          expect(canonNaN(outs[0]!, dtype)).toEqual(canonNaN(outs[1]!, dtype));
        }),
        { numRuns: 30 },
      );
    });
  }
});

describe('the packed BF16 combine', () => {
  it('gives the same bits as decode then combine2, NaN payloads included', () => {
    const k = createKernels(1 << 20);
    const SRC2 = 1 << 14,
      X2 = 4 << 16,
      PACKED = OUT + N * 2 + 64;
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.double({ noNaN: true, min: -4, max: 4 }), (s1, s2, w) => {
        fill(k, 'BF16', s2);
        k.bytes.copyWithin(SRC2, SRC, SRC + N * 2);
        fill(k, 'BF16', s1);
        k.decode('BF16', SRC, X, N);
        k.decode('BF16', SRC2, X2, N);
        k.combine2('BF16', X, 1 - w, X2, w, OUT, N);
        k.combine2Bf16Packed!(SRC, 1 - w, SRC2, w, PACKED, N);
        expect(Buffer.from(k.bytes.subarray(PACKED, PACKED + N * 2))).toEqual(
          Buffer.from(k.bytes.subarray(OUT, OUT + N * 2)),
        );
      }),
      { numRuns: 30 },
    );
  });
});

function canonNaN(b: Buffer, dtype: FloatDtype): number[] {
  const out: number[] = [];
  if (dtype === 'F32')
    for (let i = 0; i < b.length; i += 4) {
      const v = b.readFloatLE(i);
      out.push(Number.isNaN(v) ? -1 : b.readUInt32LE(i));
    }
  else if (dtype === 'F64')
    for (let i = 0; i < b.length; i += 8) {
      const v = b.readDoubleLE(i);
      out.push(Number.isNaN(v) ? -1 : Number(b.readBigUInt64LE(i) & 0xffffffffn));
    }
  else
    for (let i = 0; i < b.length; i += 2) {
      const h = b.readUInt16LE(i);
      const nan = dtype === 'BF16' ? (h & 0x7fff) > 0x7f80 : (h & 0x7fff) > 0x7c00;
      out.push(nan ? -1 : h);
    }
  return out;
}
