import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { f16ToNumber } from './convert';
import { DTYPE_SIZES, type FloatDtype } from './dtypes';
import { mergeCheckpoints } from './merge';
import { readSafetensors } from './safetensors/file';
import { randomBytesFrom, tempDir, tensor, writeCheckpoint } from '../test/tiny-checkpoints';
import type { Tensor } from './safetensors/file';

let root = '';
let cleanup: () => Promise<void>;
let counter = 0;
beforeAll(async () => ({ dir: root, cleanup } = await tempDir()));
afterAll(() => cleanup());
const fresh = () => join(root, `case-${counter++}`);

// Values decoded independently of the code under test (DataView, not our kernels).
function values(t: Tensor): number[] {
  const v = new DataView(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  const n = t.data.byteLength / DTYPE_SIZES[t.dtype];
  return Array.from({ length: n }, (_, i) => {
    switch (t.dtype) {
      case 'BF16': {
        const d = new DataView(new ArrayBuffer(4));
        d.setUint32(0, v.getUint16(2 * i, true) << 16);
        return d.getFloat32(0);
      }
      case 'F16':
        return f16ToNumber(v.getUint16(2 * i, true));
      case 'F32':
        return v.getFloat32(4 * i, true);
      default:
        return v.getFloat64(8 * i, true);
    }
  });
}

// One unit in the last place of `dtype` at x: the spacing of the binade, or the subnormal step.
function ulp(dtype: FloatDtype, x: number): number {
  const [mant, minExp] = ({ BF16: [7, -126], F16: [10, -14], F32: [23, -126], F64: [52, -1022] } as const)[dtype];
  const e = Math.max(Math.floor(Math.log2(Math.abs(x))), minExp);
  return 2 ** (e - mant);
}

const finiteArray = (dtype: FloatDtype, n: number) => {
  const max = dtype === 'F16' ? 60000 : dtype === 'BF16' ? 1e30 : 1e30;
  const f =
    dtype === 'F64'
      ? fc.double({ noNaN: true, min: -max, max })
      : fc
          .float({ noNaN: true, min: Math.fround(-max), max: Math.fround(max) })
          .map((x) => (dtype === 'F16' ? Math.fround(x) : x));
  return fc.array(f, { minLength: n, maxLength: n });
};

function encode(dtype: FloatDtype, xs: number[]): Uint8Array {
  const out = new Uint8Array(xs.length * DTYPE_SIZES[dtype]);
  const v = new DataView(out.buffer);
  xs.forEach((x, i) => {
    if (dtype === 'F64') v.setFloat64(8 * i, x, true);
    else if (dtype === 'F32') v.setFloat32(4 * i, x, true);
    else if (dtype === 'BF16') {
      const d = new DataView(new ArrayBuffer(4));
      d.setFloat32(0, x);
      v.setUint16(2 * i, d.getUint32(0) >>> 16, true);
    } // truncation is fine for making inputs
    else v.setUint16(2 * i, Math.min(0x7bff, Math.round((Math.abs(x) / 65504) * 0x7bff)) | (x < 0 ? 0x8000 : 0), true); // any valid half
  });
  return out;
}

async function pair(dtype: FloatDtype, a: number[], b: number[]): Promise<[string, string]> {
  const dir = fresh();
  const mk = (xs: number[]) => [
    [{ name: 'w', dtype, shape: [xs.length], data: encode(dtype, xs) }, tensor('step', 'I64', [1], randomBytesFrom(5))],
  ];
  return [await writeCheckpoint(join(dir, 'lo'), mk(a)), await writeCheckpoint(join(dir, 'hi'), mk(b))];
}

const read = async (dir: string, name = 'w') =>
  (await readSafetensors(join(dir, 'model.safetensors'))).tensors.get(name)!;

describe.each(['BF16', 'F16', 'F32', 'F64'] as const)('%s merges', (dtype) => {
  const N = 37;
  it('alpha 0 and 1 reproduce the endpoints bit for bit; identical inputs give the input', async () => {
    await fc.assert(
      fc.asyncProperty(
        finiteArray(dtype, N),
        finiteArray(dtype, N),
        fc.double({ noNaN: true, min: -3, max: 3 }),
        async (a, b, alpha) => {
          const [lo, hi] = await pair(dtype, a, b);
          const out = join(fresh(), 'a{alpha}');
          const [r0, r1] = await mergeCheckpoints({ models: [lo, hi], alphas: [0, 1], out, durable: false });
          expect(Buffer.from((await read(r0!.path)).data)).toEqual(Buffer.from((await read(lo)).data));
          expect(Buffer.from((await read(r1!.path)).data)).toEqual(Buffer.from((await read(hi)).data));
          const [same] = await mergeCheckpoints({
            models: [lo, lo],
            alphas: [alpha],
            out: join(fresh(), 'same'),
            durable: false,
          });
          expect(Buffer.from((await read(same!.path)).data)).toEqual(Buffer.from((await read(lo)).data));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('matches a float64 reference within one ulp of the output dtype', async () => {
    await fc.assert(
      fc.asyncProperty(
        finiteArray(dtype, N),
        finiteArray(dtype, N),
        fc.double({ noNaN: true, min: -2, max: 3 }),
        async (a, b, alpha) => {
          const [lo, hi] = await pair(dtype, a, b);
          const [r] = await mergeCheckpoints({
            models: [lo, hi],
            alphas: [alpha],
            out: join(fresh(), 'm'),
            durable: false,
          });
          const [x, y, z] = [values(await read(lo)), values(await read(hi)), values(await read(r!.path))];
          z.forEach((got, i) => {
            const ref = (1 - alpha) * x[i]! + alpha * y[i]!;
            if (!Number.isFinite(got)) expect(Math.abs(ref)).toBeGreaterThan(dtype === 'F16' ? 65504 : 3.38e38);
            else expect(Math.abs(got - ref)).toBeLessThanOrEqual(ulp(dtype, ref));
          });
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('big slices', () => {
  it('split between two threads, several slices per tensor, odd offsets: same bytes as the scalar single-thread path and as page-cache writes', async () => {
    const dir = fresh();
    // An odd-length F16 tensor first puts the later tensors at offsets that are not 8-aligned.
    // Finite values (the top exponent bit cleared): the scalar and SIMD paths may give NaNs different payloads.
    const finite = (seed: number, size: number) => (bytes: Uint8Array) => {
      randomBytesFrom(seed)(bytes);
      for (let i = size - 1; i < bytes.length; i += size) bytes[i]! &= 0xbf;
    };
    const mk = (seed: number) => [
      [
        tensor('odd', 'F16', [3]),
        tensor('a', 'BF16', [1_200_001], finite(seed, 2)),
        tensor('b', 'F32', [300_003], finite(seed + 1, 4)),
        tensor('c', 'F64', [20_001], finite(seed + 2, 8)),
      ],
    ];
    const lo = await writeCheckpoint(join(dir, 'lo'), mk(1));
    const hi = await writeCheckpoint(join(dir, 'hi'), mk(2));
    const run = async (simd: boolean, directIo = true) => {
      const results = await mergeCheckpoints({
        models: [lo, hi],
        alphas: [-0.5, 0, 0.3],
        out: join(fresh(), 'a{alpha}'),
        durable: false,
        simd,
        directIo,
        bufferBytes: 1,
      });
      return Promise.all(results.map((r) => readFile(join(r.path, 'model.safetensors'))));
    };
    const [threaded, scalar, buffered] = [await run(true), await run(false), await run(true, false)];
    threaded.forEach((bytes, i) => expect(bytes.equals(scalar[i]!) && bytes.equals(buffered[i]!)).toBe(true));
    expect(
      threaded[1]!.subarray(-160_008).equals((await readFile(join(lo, 'model.safetensors'))).subarray(-160_008)),
    ).toBe(true);
  });
});

describe('layout, recipe and many alphas', () => {
  it('shards the output, writes the index, copies extra files, records the recipe with sha256 of the inputs', async () => {
    const dir = fresh();
    const mk = (seed: number) => [
      [tensor('a', 'BF16', [64, 3], randomBytesFrom(seed)), tensor('ids', 'I32', [5], randomBytesFrom(1))],
      [tensor('b', 'F32', [100], randomBytesFrom(seed + 1))],
    ];
    const lo = await writeCheckpoint(join(dir, 'lo'), mk(1), {
      'config.json': '{"a":1}',
      'tokenizer.json': '{}',
      'pytorch_model.bin': 'x',
    });
    const hi = await writeCheckpoint(join(dir, 'hi'), mk(2));
    const results = await mergeCheckpoints({
      models: [lo, hi],
      alphas: [-1, -0.5, 0, 0.5, 1, 1.5, 2],
      out: join(dir, 'out', 'alpha-{alpha}'),
      maxShardBytes: 300,
    });
    expect((await readdir(join(dir, 'out'))).sort()).toEqual([
      'alpha--0.5',
      'alpha--1',
      'alpha-0',
      'alpha-0.5',
      'alpha-1',
      'alpha-1.5',
      'alpha-2',
    ]);
    const r = results[3]!;
    expect((await readdir(r.path)).sort()).toEqual([
      'config.json',
      'merge.json',
      'model-00001-of-00003.safetensors',
      'model-00002-of-00003.safetensors',
      'model-00003-of-00003.safetensors',
      'model.safetensors.index.json',
      'tokenizer.json',
    ]);
    const index = JSON.parse(await readFile(join(r.path, 'model.safetensors.index.json'), 'utf8'));
    expect(index).toEqual({
      metadata: { total_size: 64 * 3 * 2 + 20 + 400 },
      weight_map: {
        a: 'model-00001-of-00003.safetensors',
        ids: 'model-00002-of-00003.safetensors',
        b: 'model-00003-of-00003.safetensors',
      },
    });
    const recipe = JSON.parse(await readFile(join(r.path, 'merge.json'), 'utf8'));
    const fileHash = createHash('sha256')
      .update(await readFile(join(lo, 'model-00001-of-00002.safetensors')))
      .digest('hex');
    expect(recipe).toMatchObject({
      format: 'frontier-merge',
      version: 1,
      method: 'linear',
      alpha: 0.5,
      weights: [0.5, 0.5],
      base: null,
    });
    expect(recipe.models[0].files['model-00001-of-00002.safetensors']).toBe(fileHash);
    const shard = await readSafetensors(join(r.path, 'model-00002-of-00003.safetensors'));
    expect(shard.header.metadata.format).toBe('pt');
    expect(JSON.parse(shard.header.metadata.frontier_merge!)).toEqual(recipe);
    expect(Buffer.from(shard.tensors.get('ids')!.data)).toEqual(
      Buffer.from(tensor('ids', 'I32', [5], randomBytesFrom(1)).data),
    );
  });

  it('task arithmetic with a base: base + sum w_i (theta_i - base)', async () => {
    const dir = fresh();
    const mk = (xs: number[]) => [
      [{ name: 'w', dtype: 'F64' as const, shape: [xs.length], data: new Uint8Array(new Float64Array(xs).buffer) }],
    ];
    const base = await writeCheckpoint(join(dir, 'base'), mk([1, 2, 3]));
    const m1 = await writeCheckpoint(join(dir, 'm1'), mk([2, 2, 5]));
    const m2 = await writeCheckpoint(join(dir, 'm2'), mk([1, 4, 3]));
    const [r] = await mergeCheckpoints({ models: [m1, m2], base, weights: [0.5, 2], out: join(dir, 'out') });
    expect(values(await read(r!.path))).toEqual([1.5, 6, 4]);
    expect(r!.recipe).toMatchObject({ method: 'task_arithmetic', weights: [0.5, 2], alpha: null });
    expect(r!.recipe.base?.path).toBe(base);
  });
});

describe('refusals name what and where, and leave nothing behind', () => {
  async function expectRefused(models: string[], pattern: RegExp, extra: object = {}): Promise<void> {
    const out = join(fresh(), 'out');
    await expect(mergeCheckpoints({ models, alphas: [0.5], out, ...extra })).rejects.toThrow(pattern);
    expect(
      await stat(join(out, '..'))
        .then(async () => (await readdir(join(out, '..'))).length)
        .catch(() => 0),
    ).toBe(0);
  }
  it('mismatched shapes across inputs', async () => {
    const dir = fresh();
    const lo = await writeCheckpoint(join(dir, 'lo'), [[tensor('w', 'F32', [2, 3])]]);
    const hi = await writeCheckpoint(join(dir, 'hi'), [[tensor('w', 'F32', [3, 2])]]);
    await expectRefused([lo, hi], /hi\/model.safetensors: tensor "w": shape \[3, 2\] here but \[2, 3\]/);
  });
  it('integer tensors that differ, and tensors missing from an input', async () => {
    const dir = fresh();
    const lo = await writeCheckpoint(join(dir, 'lo'), [
      [tensor('w', 'F32', [2]), tensor('pos', 'I64', [3], randomBytesFrom(1))],
    ]);
    const hi = await writeCheckpoint(join(dir, 'hi'), [
      [tensor('w', 'F32', [2]), tensor('pos', 'I64', [3], randomBytesFrom(2))],
    ]);
    await expectRefused(
      [lo, hi],
      /hi\/model.safetensors: tensor "pos": I64 tensor differs from .*lo\/model.safetensors/,
    );
    const lo2 = await writeCheckpoint(join(dir, 'lo2'), [
      [tensor('w', 'F32', [2]), tensor('pos', 'I64', [3], randomBytesFrom(2)), tensor('extra', 'F32', [1])],
    ]);
    await expectRefused([lo2, hi], /lo2\/model.safetensors: tensor "extra": missing from .*hi/);
  });
  it('a corrupted shard and a missing directory', async () => {
    const dir = fresh();
    const lo = await writeCheckpoint(join(dir, 'lo'), [[tensor('w', 'F32', [2])]]);
    const hi = await writeCheckpoint(join(dir, 'hi'), [[tensor('w', 'F32', [2])]]);
    const { truncate } = await import('node:fs/promises');
    await truncate(join(hi, 'model.safetensors'), (await stat(join(hi, 'model.safetensors'))).size - 1);
    await expectRefused([lo, hi], /hi\/model.safetensors: tensor "w": .*truncated/);
    await expectRefused([lo, join(dir, 'nope')], /model directory not found: .*nope/);
  });
  it('bad weights: count mismatch, non-finite, summing to about zero, clashing outputs', async () => {
    const dir = fresh();
    const lo = await writeCheckpoint(join(dir, 'lo'), [[tensor('w', 'F32', [2])]]);
    const hi = await writeCheckpoint(join(dir, 'hi'), [[tensor('w', 'F32', [2])]]);
    const out = join(dir, 'o');
    await expect(mergeCheckpoints({ models: [lo, hi], weights: [1], out })).rejects.toThrow(/1 weights for 2 models/);
    await expect(mergeCheckpoints({ models: [lo, hi], weights: [1, -1], out })).rejects.toThrow(
      /sum to 0, about 0.*never normalised/,
    );
    await expect(mergeCheckpoints({ models: [lo, hi], alphas: [NaN], out })).rejects.toThrow(/not a finite number/);
    await expect(mergeCheckpoints({ models: [lo, hi], alphas: [0, 1], out })).rejects.toThrow(
      /same directory; put \{alpha\}/,
    );
    await expect(mergeCheckpoints({ models: [lo, hi], alphas: [0], out: join(dir, '{beta}') })).rejects.toThrow(
      /unknown placeholder \{beta\}/,
    );
    await expect(mergeCheckpoints({ models: [lo, hi], alphas: [0], out: lo })).rejects.toThrow(/overlaps the input/);
    expect((await readdir(dir)).sort()).toEqual(['hi', 'lo']);
  });
});
