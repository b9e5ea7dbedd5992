// A hand-assembled WebAssembly SIMD module for the hot loops (bf16/f32 <-> f64, scale, axpy).
// !: Hand-written bytes instead of a .wat toolchain: the package must need nothing beyond Node,
// and these six loops are small. Every kernel is tested bit for bit against the scalar code.

const I32 = 0x7f,
  F64 = 0x7c,
  V128 = 0x7b;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const simd = (op: number): number[] => [0xfd, ...uleb(op)];
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const i32c = (v: number) => [0x41, ...sleb(v)];
const load = (offset = 0) => [...simd(0x00), 0, ...uleb(offset)];
const store = (offset = 0) => [...simd(0x0b), 0, ...uleb(offset)];
const shuffle = (lanes: number[]) => [...simd(0x0d), ...lanes];
const HIGH_HALF_TO_LOW = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
const LOW_HALVES = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];
const op = {
  i32Add: [0x6a],
  i32Shl: [0x74],
  i32GeU: [0x4f],
  i32x4Splat: simd(0x11),
  f64x2Splat: simd(0x14),
  i32x4GtU: simd(0x3c),
  and: simd(0x4e),
  or: simd(0x50),
  bitselect: simd(0x52),
  demote: simd(0x5e),
  promote: simd(0x5f),
  narrowU: simd(0x86),
  extLowU: simd(0xa9),
  extHighU: simd(0xaa),
  shl: simd(0xab),
  shrU: simd(0xad),
  i32x4Add: simd(0xae),
  f64x2Add: simd(0xf0),
  f64x2Mul: simd(0xf2),
};
const bump = (local: number, by: number) => [...get(local), ...i32c(by), ...op.i32Add, ...set(local)];
const splatI32 = (v: number) => [...i32c(v | 0), ...op.i32x4Splat];

// `end = base + n << shift`, then loop `while (cursor < end) body`.
function loop(endLocal: number, base: number, n: number, shift: number, cursor: number, body: number[]): number[] {
  return [
    ...get(base),
    ...get(n),
    ...i32c(shift),
    ...op.i32Shl,
    ...op.i32Add,
    ...set(endLocal),
    0x02,
    0x40,
    0x03,
    0x40,
    ...get(cursor),
    ...get(endLocal),
    ...op.i32GeU,
    0x0d,
    1,
    ...body,
    0x0c,
    0,
    0x0b,
    0x0b,
  ];
}

// Round the f32 bit patterns in local x to bf16 (in the low 16 bits of each lane), ties to even.
// Constants live in locals c..c+4 (see bf16Constants); local t is scratch.
const rneBf16 = (x: number, c: number, t: number) => [
  ...get(x),
  ...i32c(16),
  ...op.shrU,
  0x22,
  t, // local.tee t = x >>> 16
  ...get(c + 4),
  ...op.or, // NaN: quiet it
  ...get(x),
  ...get(c),
  ...op.i32x4Add,
  ...get(t),
  ...get(c + 1),
  ...op.and,
  ...op.i32x4Add,
  ...i32c(16),
  ...op.shrU,
  ...get(x),
  ...get(c + 2),
  ...op.and,
  ...get(c + 3),
  ...op.i32x4GtU,
  ...op.bitselect,
];
const bf16Constants = (c: number) => [
  ...splatI32(0x7fff),
  ...set(c),
  ...splatI32(1),
  ...set(c + 1),
  ...splatI32(0x7fffffff),
  ...set(c + 2),
  ...splatI32(0x7f800000),
  ...set(c + 3),
  ...splatI32(0x40),
  ...set(c + 4),
];
const C5 = [V128, V128, V128, V128, V128];

// Four f64 at ptr+offset..+32 -> one v128 of four f32.
const demote4 = (ptr: number, offset: number) => [
  ...get(ptr),
  ...load(offset),
  ...op.demote,
  ...get(ptr),
  ...load(offset + 16),
  ...op.demote,
  ...shuffle(LOW_HALVES),
];

interface Fn {
  params: number[];
  locals: number[];
  body: number[];
}

// (src, dst, n): params 0..2, locals from 3.
const decBf16: Fn = {
  params: [I32, I32, I32],
  locals: [I32, V128, V128, V128],
  body: loop(3, 0, 2, 1, 0, [
    ...get(0),
    ...load(),
    ...set(4),
    ...get(4),
    ...op.extLowU,
    ...i32c(16),
    ...op.shl,
    ...set(5),
    ...get(4),
    ...op.extHighU,
    ...i32c(16),
    ...op.shl,
    ...set(6),
    ...get(1),
    ...get(5),
    ...op.promote,
    ...store(0),
    ...get(1),
    ...get(5),
    ...get(5),
    ...shuffle(HIGH_HALF_TO_LOW),
    ...op.promote,
    ...store(16),
    ...get(1),
    ...get(6),
    ...op.promote,
    ...store(32),
    ...get(1),
    ...get(6),
    ...get(6),
    ...shuffle(HIGH_HALF_TO_LOW),
    ...op.promote,
    ...store(48),
    ...bump(0, 16),
    ...bump(1, 64),
  ]),
};

// locals: 3 end, 4/5 values, 6 scratch, 7..11 constants.
const encBf16: Fn = {
  params: [I32, I32, I32],
  locals: [I32, V128, V128, V128, ...C5],
  body: [
    ...bf16Constants(7),
    ...loop(3, 1, 2, 1, 1, [
      ...demote4(0, 0),
      ...set(4),
      ...demote4(0, 32),
      ...set(5),
      ...get(1),
      ...rneBf16(4, 7, 6),
      ...rneBf16(5, 7, 6),
      ...op.narrowU,
      ...store(0),
      ...bump(0, 64),
      ...bump(1, 16),
    ]),
  ],
};

// (x0, w0, x1, w1, dst, n): dst = encode(w0 * x0 + w1 * x1), the whole per-output work fused.
// params 0..5; locals 6 end, 7 w0 splat, 8 w1 splat, 9/10 values, 11 scratch, 12.. constants.
const comb = (ptrOffset: number) => [
  ...get(0),
  ...load(ptrOffset),
  ...get(7),
  ...op.f64x2Mul,
  ...get(2),
  ...load(ptrOffset),
  ...get(8),
  ...op.f64x2Mul,
  ...op.f64x2Add,
  ...op.demote,
];
const comb4 = (offset: number) => [...comb(offset), ...comb(offset + 16), ...shuffle(LOW_HALVES)];
const combSetup = [...get(1), ...op.f64x2Splat, ...set(7), ...get(3), ...op.f64x2Splat, ...set(8)];
const advance = (elemBytes: number, per: number, inBytes = 8) => [
  ...bump(0, per * inBytes),
  ...bump(2, per * inBytes),
  ...bump(4, per * elemBytes),
];

const comb2Bf16: Fn = {
  params: [I32, F64, I32, F64, I32, I32],
  locals: [I32, V128, V128, V128, V128, V128, ...C5],
  body: [
    ...combSetup,
    ...bf16Constants(12),
    ...loop(6, 4, 5, 1, 4, [
      ...comb4(0),
      ...set(9),
      ...comb4(32),
      ...set(10),
      ...get(4),
      ...rneBf16(9, 12, 11),
      ...rneBf16(10, 12, 11),
      ...op.narrowU,
      ...store(0),
      ...advance(2, 8),
    ]),
  ],
};

// comb2Bf16 reading the BF16 inputs themselves (x0, x1 point at bf16, not at decoded f64): the
// same operations in the same order, without the round trip through the f64 scratch.
// locals: 6 end, 7/8 weight splats, 9/10 results, 11 scratch, 12..16 constants, 17/18 raw
// inputs, 19/20 one half of each as f32 bits.
const widen = (raw: number, high: boolean, to: number) => [
  ...get(raw),
  ...(high ? op.extHighU : op.extLowU),
  ...i32c(16),
  ...op.shl,
  ...set(to),
];
const promoteHalf = (v: number, high: boolean) => [
  ...get(v),
  ...(high ? [...get(v), ...shuffle(HIGH_HALF_TO_LOW)] : []),
  ...op.promote,
];
const mix = (high: boolean) => [
  ...promoteHalf(19, high),
  ...get(7),
  ...op.f64x2Mul,
  ...promoteHalf(20, high),
  ...get(8),
  ...op.f64x2Mul,
  ...op.f64x2Add,
  ...op.demote,
];
const mix4 = (high: boolean) => [
  ...widen(17, high, 19),
  ...widen(18, high, 20),
  ...mix(false),
  ...mix(true),
  ...shuffle(LOW_HALVES),
];
const comb2Bf16Packed: Fn = {
  params: [I32, F64, I32, F64, I32, I32],
  locals: [I32, V128, V128, V128, V128, V128, ...C5, V128, V128, V128, V128],
  body: [
    ...combSetup,
    ...bf16Constants(12),
    ...loop(6, 4, 5, 1, 4, [
      ...get(0),
      ...load(),
      ...set(17),
      ...get(2),
      ...load(),
      ...set(18),
      ...mix4(false),
      ...set(9),
      ...mix4(true),
      ...set(10),
      ...get(4),
      ...rneBf16(9, 12, 11),
      ...rneBf16(10, 12, 11),
      ...op.narrowU,
      ...store(0),
      ...advance(2, 8, 2),
    ]),
  ],
};

const comb2F32: Fn = {
  params: [I32, F64, I32, F64, I32, I32],
  locals: [I32, V128, V128],
  body: [...combSetup, ...loop(6, 4, 5, 2, 4, [...get(4), ...comb4(0), ...store(0), ...advance(4, 4)])],
};

const decF32: Fn = {
  params: [I32, I32, I32],
  locals: [I32, V128],
  body: loop(3, 0, 2, 2, 0, [
    ...get(0),
    ...load(),
    ...set(4),
    ...get(1),
    ...get(4),
    ...op.promote,
    ...store(0),
    ...get(1),
    ...get(4),
    ...get(4),
    ...shuffle(HIGH_HALF_TO_LOW),
    ...op.promote,
    ...store(16),
    ...bump(0, 16),
    ...bump(1, 32),
  ]),
};

const encF32: Fn = {
  params: [I32, I32, I32],
  locals: [I32],
  body: loop(3, 1, 2, 2, 1, [...get(1), ...demote4(0, 0), ...store(0), ...bump(0, 32), ...bump(1, 16)]),
};

// (dst, x, w, n): dst = w * x, or dst += w * x.
function linear(accumulate: boolean): Fn {
  const term = (offset: number) => [
    ...get(0),
    ...(accumulate ? [...get(0), ...load(offset)] : []),
    ...get(1),
    ...load(offset),
    ...get(5),
    ...op.f64x2Mul,
    ...(accumulate ? op.f64x2Add : []),
    ...store(offset),
  ];
  return {
    params: [I32, I32, F64, I32],
    locals: [I32, V128],
    body: [
      ...get(2),
      ...op.f64x2Splat,
      ...set(5),
      ...loop(4, 0, 3, 3, 0, [...term(0), ...term(16), ...bump(0, 32), ...bump(1, 32)]),
    ],
  };
}

const FUNCTIONS: Array<[string, Fn]> = [
  ['decBf16', decBf16],
  ['encBf16', encBf16],
  ['decF32', decF32],
  ['encF32', encF32],
  ['scale', linear(false)],
  ['axpy', linear(true)],
  ['comb2Bf16', comb2Bf16],
  ['comb2F32', comb2F32],
  ['comb2Bf16Packed', comb2Bf16Packed],
];

function section(id: number, payload: number[]): number[] {
  return [id, ...uleb(payload.length), ...payload];
}
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (s: string) => [...uleb(s.length), ...Buffer.from(s, 'utf8')];

/** The module bytes; it imports its shared memory as `env.mem`. */
export function kernelModuleBytes(): Uint8Array<ArrayBuffer> {
  const types = FUNCTIONS.map(([, f]) => [0x60, ...vec(f.params.map((p) => [p])), 0]);
  const codes = FUNCTIONS.map(([, f]) => {
    const body = [...vec(f.locals.map((l) => [1, l])), ...f.body, 0x0b];
    return [...uleb(body.length), ...body];
  });
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec(types)),
    // A shared memory (limits flag 3: shared, with a maximum of 65536 pages), so worker threads can
    // compute on the same buffers.
    ...section(2, vec([[...name('env'), ...name('mem'), 0x02, 0x03, 0x01, ...uleb(65536)]])),
    ...section(3, vec(FUNCTIONS.map((_, i) => uleb(i)))),
    ...section(7, vec(FUNCTIONS.map(([n], i) => [...name(n), 0x00, ...uleb(i)]))),
    ...section(10, vec(codes)),
  ]);
}

export interface WasmKernelExports {
  decBf16(src: number, dst: number, n: number): void;
  encBf16(src: number, dst: number, n: number): void;
  decF32(src: number, dst: number, n: number): void;
  encF32(src: number, dst: number, n: number): void;
  scale(dst: number, x: number, w: number, n: number): void;
  axpy(dst: number, x: number, w: number, n: number): void;
  comb2Bf16(x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void;
  comb2F32(x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void;
  comb2Bf16Packed(x0: number, w0: number, x1: number, w1: number, dst: number, n: number): void;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where WebAssembly SIMD is unavailable. */
export function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = kernelModuleBytes();
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}
