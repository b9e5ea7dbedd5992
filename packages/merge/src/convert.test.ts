import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bf16ToNumber, f16ToNumber, f32Bits, fromF32Bits, numberToBf16, numberToF16 } from './convert';

describe('f32 -> bf16, ties to even', () => {
  it('rounds ties to the even neighbour and other halves to nearest', () => {
    expect(numberToBf16(fromF32Bits(0x3f808000))).toBe(0x3f80); // tie, 0x3f80 even: down
    expect(numberToBf16(fromF32Bits(0x3f818000))).toBe(0x3f82); // tie, 0x3f81 odd: up
    expect(numberToBf16(fromF32Bits(0x3f808001))).toBe(0x3f81); // above the tie: up
    expect(numberToBf16(fromF32Bits(0x3f807fff))).toBe(0x3f80); // below the tie: down
  });
  it('keeps infinities, overflows to Inf, keeps NaN a NaN (also signalling ones)', () => {
    expect(numberToBf16(Infinity)).toBe(0x7f80);
    expect(numberToBf16(-Infinity)).toBe(0xff80);
    expect(numberToBf16(fromF32Bits(0x7f7fffff))).toBe(0x7f80); // max f32 rounds up to Inf
    for (const nan of [0x7fc00000, 0x7f800001, 0xffffffff, 0x7fffffff]) {
      expect(Number.isNaN(bf16ToNumber(numberToBf16(fromF32Bits(nan))))).toBe(true);
    }
  });
  it('handles subnormals and signed zeros', () => {
    expect(numberToBf16(-0)).toBe(0x8000);
    expect(numberToBf16(fromF32Bits(0x00010000))).toBe(0x0001); // smallest bf16 subnormal
    expect(numberToBf16(fromF32Bits(0x00008000))).toBe(0x0000); // half of it: tie to even (0)
    expect(numberToBf16(fromF32Bits(0x00018000))).toBe(0x0002); // 1.5 of it: tie to even (2)
  });
  it('round-trips every bf16 value and rounds every f32 to a nearest bf16', () => {
    for (let h = 0; h < 65536; h++) {
      const x = bf16ToNumber(h);
      if (!Number.isNaN(x)) expect(numberToBf16(x)).toBe(h);
    }
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const r = bf16ToNumber(numberToBf16(x));
        if (!Number.isFinite(r)) return Math.abs(x) >= 3.3895313892515355e38; // past max bf16 + half ulp
        const bits = f32Bits(r);
        const up = bf16ToNumber(((bits >>> 16) + 1) & 0xffff),
          down = bf16ToNumber(((bits >>> 16) - 1) & 0xffff);
        const ok = (n: number) => Number.isNaN(n) || !Number.isFinite(n) || Math.abs(x - r) <= Math.abs(x - n);
        return ok(up) && ok(down);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('f32 -> f16, ties to even', () => {
  it('rounds ties to even, overflows at 65520, keeps NaN and infinities', () => {
    expect(numberToF16(1 + 2 ** -11)).toBe(0x3c00); // tie, even mantissa: down
    expect(numberToF16(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie, odd mantissa: up
    expect(numberToF16(65504)).toBe(0x7bff);
    expect(numberToF16(65519)).toBe(0x7bff);
    expect(numberToF16(65520)).toBe(0x7c00);
    expect(numberToF16(-Infinity)).toBe(0xfc00);
    expect(Number.isNaN(f16ToNumber(numberToF16(NaN)))).toBe(true);
    expect(Number.isNaN(f16ToNumber(numberToF16(fromF32Bits(0x7f800001))))).toBe(true);
  });
  it('handles half subnormals, including ties and the underflow to zero', () => {
    expect(numberToF16(2 ** -24)).toBe(0x0001);
    expect(numberToF16(2 ** -25)).toBe(0x0000); // tie with 0 and 2^-24: even is 0
    expect(numberToF16(2 ** -25 * 1.0000001)).toBe(0x0001);
    expect(numberToF16(3 * 2 ** -25)).toBe(0x0002); // tie between 1 and 2: even
    expect(numberToF16(-(2 ** -14) * (1 - 2 ** -11))).toBe(0x8400); // largest subnormal rounds up to min normal
    expect(numberToF16(fromF32Bits(1))).toBe(0); // f32 subnormal
  });
  it('round-trips every half and rounds every f32 to a nearest half', () => {
    for (let h = 0; h < 65536; h++) {
      const x = f16ToNumber(h);
      if (!Number.isNaN(x)) expect(numberToF16(x)).toBe(h);
    }
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true, min: -70000, max: 70000 }), (x) => {
        const h = numberToF16(x);
        const r = f16ToNumber(h);
        if (!Number.isFinite(r)) return Math.abs(x) >= 65520;
        const up = f16ToNumber((h + 1) & 0xffff),
          down = f16ToNumber((h - 1) & 0xffff);
        const ok = (n: number) => Number.isNaN(n) || !Number.isFinite(n) || Math.abs(x - r) <= Math.abs(x - n);
        return ok(up) && ok(down);
      }),
      { numRuns: 2000 },
    );
  });
});
