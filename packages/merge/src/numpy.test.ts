import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bf16ToNumber, f16ToNumber } from './convert';
import { mergeCheckpoints } from './merge';
import { readSafetensors } from './safetensors/file';
import { randomBytesFrom, tempDir, tensor, writeCheckpoint } from '../test/tiny-checkpoints';

// An independent reader and float64 reference in Python + numpy, parsing the spec itself.
const SCRIPT = fileURLToPath(new URL('../test/numpy_reference.py', import.meta.url));
const hasNumpy = spawnSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
if (!hasNumpy) console.warn('numpy round-trip tests skipped: python3 with numpy not found');

let dir = '';
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe.skipIf(!hasNumpy)('round trip through an independent numpy reader', () => {
  it('reads what numpy wrote (unaligned header, storage order unlike key order)', async () => {
    const path = join(dir, 'from-numpy.safetensors');
    execFileSync('python3', [SCRIPT, 'write', path]);
    const { header, tensors } = await readSafetensors(path);
    expect(header.metadata).toEqual({ format: 'pt', by: 'numpy' });
    const u16 = (name: string) => [...new Uint16Array(tensors.get(name)!.data.slice().buffer)];
    expect(u16('bf16').map(bf16ToNumber)).toEqual([1, -2.5, bf16ToNumber(0x7f61), bf16ToNumber(0x0001)]);
    expect(u16('f16').map(f16ToNumber)).toEqual([0.5, -65504, f16ToNumber(1), 1]);
    expect([...new Float32Array(tensors.get('f32')!.data.slice().buffer)]).toEqual(
      [0, 1, 2, 3, 4].map((x) => Math.fround(x / 3)),
    );
    expect([...new BigInt64Array(tensors.get('i64')!.data.slice().buffer)]).toEqual([-1n, 2n ** 40n]);
    expect(tensors.get('empty')!.shape).toEqual([0, 3]);
  });

  it('numpy reads our merged shards and agrees with its float64 reference within one ulp', async () => {
    const mk = (seed: number) => [
      [tensor('bf16', 'BF16', [40, 7], randomBytesFrom(seed)), tensor('f16', 'F16', [33], randomBytesFrom(seed + 1))],
      [
        tensor('f32', 'F32', [5, 5], randomBytesFrom(seed + 2)),
        tensor('f64', 'F64', [9], randomBytesFrom(seed + 3)),
        tensor('step', 'I64', [2], randomBytesFrom(7)),
      ],
    ];
    const lo = await writeCheckpoint(join(dir, 'lo'), mk(10));
    const hi = await writeCheckpoint(join(dir, 'hi'), mk(20));
    const alphas = [-0.7, 0.3, 0.5, 1.25];
    const results = await mergeCheckpoints({
      models: [lo, hi],
      alphas,
      out: join(dir, 'out', 'a{alpha}'),
      maxShardBytes: 700,
    });
    const args = results.flatMap((r) => [String(r.alpha), r.path]);
    const report = JSON.parse(execFileSync('python3', [SCRIPT, 'check', lo, hi, ...args], { encoding: 'utf8' }));
    expect(report.errors).toEqual([]);
    expect(report.checked).toBe(alphas.length * (280 + 33 + 25 + 9 + 2));
  });
});
