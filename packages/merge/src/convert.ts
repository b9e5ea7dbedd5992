// Scalar conversions between float32 bit patterns and the 16-bit float formats, rounding to
// nearest, ties to even. The SIMD kernels are tested against these.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function f32Bits(x: number): number {
  f32[0] = x;
  return u32[0]!;
}

export function fromF32Bits(bits: number): number {
  u32[0] = bits >>> 0;
  return f32[0]!;
}

// float32 bits -> bfloat16 bits. NaN stays NaN (quiet bit set so the payload cannot become Inf).
export function f32BitsToBf16(x: number): number {
  if ((x & 0x7fffffff) >>> 0 > 0x7f800000) return ((x >>> 16) | 0x40) & 0xffff;
  return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
}

export function bf16ToF32Bits(h: number): number {
  return (h << 16) >>> 0;
}

// float32 bits -> IEEE half bits, including half subnormals and overflow to Inf.
export function f32BitsToF16(x: number): number {
  const sign = (x >>> 16) & 0x8000;
  const abs = (x & 0x7fffffff) >>> 0;
  if (abs > 0x7f800000) return sign | 0x7e00 | ((abs >>> 13) & 0x3ff);
  // 65520 is halfway between the largest half (65504, odd mantissa) and 65536: ties go to Inf.
  if (abs >= 0x477ff000) return sign | 0x7c00;
  if (abs < 0x38800000) {
    // Below the smallest normal half (2^-14): round v * 2^24 to an integer.
    if (abs <= 0x33000000) return sign; // <= 2^-25, a tie at exactly 2^-25 goes to even (0)
    const e = abs >>> 23;
    const m = (abs & 0x7fffff) | 0x800000;
    const shift = 126 - e;
    let h = m >>> shift;
    const rem = m & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rem > half || (rem === half && (h & 1) === 1)) h++;
    return sign | h;
  }
  let h = (abs - 0x38000000) >>> 13;
  const rem = abs & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1) === 1)) h++;
  return sign | h;
}

export function f16ToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m === 0 ? sign * Infinity : NaN;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

export const numberToBf16 = (x: number): number => f32BitsToBf16(f32Bits(x));
export const numberToF16 = (x: number): number => f32BitsToF16(f32Bits(x));
export const bf16ToNumber = (h: number): number => fromF32Bits(bf16ToF32Bits(h));
