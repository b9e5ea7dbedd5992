import type { FloatDtype } from './dtypes';
import type { Kernels } from './kernels/index';

export const BLOCK = 8192; // elements per f64 scratch block: small enough to stay in L2

/** Nonzero terms [input, weight] of one output. Terms with weight 0 are skipped, so Inf * 0 never makes a NaN. */
export type Terms = ReadonlyArray<readonly [number, number]>;

export const termsOf = (c: readonly number[]): Terms => c.flatMap((w, i) => (w === 0 ? [] : [[i, w] as const]));

/** Where one slice lives in memory: byte offsets of each input's and output's data, and f64 scratch. */
export interface SliceBuffers {
  input(i: number): number;
  output(o: number): number;
  /** Scratch block i < inputs for decoded input i; i = inputs is the accumulator. */
  scratch(i: number): number;
}

/**
 * The input an output slice is a plain copy of, if any: weights one-hot (alpha 0 or 1), or all
 * inputs with a nonzero weight bytewise identical and the weights summing to 1. Copying keeps
 * endpoints and averages of identical inputs bit-exact (signed zeros and NaN payloads too).
 * The comparison stops at the first differing byte, so it costs nothing on distinct models.
 */
export function copySource(c: readonly number[], slice: (i: number) => Uint8Array): number | null {
  const used = c.flatMap((w, i) => (w === 0 ? [] : [i]));
  if (used.length === 1 && c[used[0]!] === 1) return used[0]!;
  if (used.length === 0 || Math.abs(c.reduce((s, w) => s + w, 0) - 1) > 1e-9) return null;
  const first = slice(used[0]!);
  return used.every((i) => Buffer.compare(first, slice(i)) === 0) ? used[0]! : null;
}

/** Elements [from, to) of every output not in `skip`, block by block. */
export function combineRange(
  k: Kernels,
  dtype: FloatDtype,
  terms: readonly Terms[],
  skip: readonly boolean[],
  buf: SliceBuffers,
  nIn: number,
  from: number,
  to: number,
  size: number,
): void {
  const live = terms.flatMap((t, o) => (skip[o] ? [] : [o]));
  const [only] = live;
  if (dtype === 'BF16' && k.combine2Bf16Packed && live.length === 1 && terms[only!]!.length === 2) {
    // One output of two terms: straight from the inputs, without the scratch round trip.
    const [[i0, w0], [i1, w1]] = terms[only!] as [readonly [number, number], readonly [number, number]];
    k.combine2Bf16Packed(
      buf.input(i0) + from * size,
      w0,
      buf.input(i1) + from * size,
      w1,
      buf.output(only!) + from * size,
      to - from,
    );
    return;
  }
  const needed = new Set(live.flatMap((o) => terms[o]!.map(([i]) => i)));
  for (let b = from; b < to; b += BLOCK) {
    const m = Math.min(BLOCK, to - b);
    for (const i of needed) k.decode(dtype, buf.input(i) + b * size, buf.scratch(i), m);
    for (let o = 0; o < terms.length; o++) {
      if (!skip[o]) combineBlock(k, dtype, terms[o]!, buf.scratch, buf.scratch(nIn), buf.output(o) + b * size, m, size);
    }
  }
}

function combineBlock(
  k: Kernels,
  dtype: FloatDtype,
  terms: Terms,
  x: (i: number) => number,
  acc: number,
  dst: number,
  m: number,
  size: number,
): void {
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
