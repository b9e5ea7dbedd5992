import { readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytesFrom, tempDir, tensor } from '../../test/tiny-checkpoints';
import { encodeHeader, readSafetensors, writeSafetensors } from './file';
import { readSafetensorsHeader } from './header';

let dir = '';
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

// A raw file from a header object and a data section, for files the writer would refuse to make.
async function raw(name: string, header: unknown, data: Uint8Array, lengthOverride?: bigint): Promise<string> {
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(8);
  len.writeBigUInt64LE(lengthOverride ?? BigInt(json.length));
  const path = join(dir, name);
  await writeFile(path, Buffer.concat([len, json, data]));
  return path;
}

describe('writer and reader', () => {
  it('round-trips tensors and metadata, with an 8-byte aligned data section', async () => {
    const path = join(dir, 'ok.safetensors');
    const tensors = [
      tensor('w', 'BF16', [2, 3], randomBytesFrom(1)),
      tensor('b', 'F32', [3], randomBytesFrom(2)),
      tensor('s', 'I64', []),
      tensor('e', 'F16', [0, 4]),
    ];
    await writeSafetensors(path, tensors, { format: 'pt', note: 'x' });
    const { header, tensors: back } = await readSafetensors(path);
    expect(header.dataStart % 8).toBe(0);
    expect(header.metadata).toEqual({ format: 'pt', note: 'x' });
    for (const t of tensors) expect(back.get(t.name)).toMatchObject({ dtype: t.dtype, shape: t.shape, data: t.data });
    expect((await readFile(path)).length).toBe(
      encodeHeader(tensors, { format: 'pt', note: 'x' }).length + 6 * 2 + 12 + 8,
    );
  });
  it('refuses data whose length does not match the shape, naming the tensor', async () => {
    const bad = { ...tensor('w', 'F32', [2]), data: new Uint8Array(7) };
    await expect(writeSafetensors(join(dir, 'no.safetensors'), [bad])).rejects.toThrow(/tensor "w".*7 bytes/);
  });
});

describe('corrupted files are rejected with the file and the tensor named', () => {
  const f32 = (begin: number, end: number, shape = [2]) => ({ dtype: 'F32', shape, data_offsets: [begin, end] });
  it('truncated data', async () => {
    const path = await writeSafetensors(join(dir, 'trunc.safetensors'), [
      tensor('a', 'F32', [4]),
      tensor('b', 'F32', [4]),
    ]).then(() => join(dir, 'trunc.safetensors'));
    await truncate(path, (await readFile(path)).length - 3);
    await expect(readSafetensorsHeader(path)).rejects.toThrow(new RegExp(`${path}: tensor "b": .*truncated`));
  });
  it('overlapping offsets', async () => {
    const path = await raw('overlap.safetensors', { a: f32(0, 8), b: f32(4, 12) }, new Uint8Array(12));
    await expect(readSafetensorsHeader(path)).rejects.toThrow(/overlap.safetensors: tensor "b": .*overlap/);
  });
  it('a gap between tensors', async () => {
    const path = await raw('gap.safetensors', { a: f32(0, 8), b: f32(12, 20) }, new Uint8Array(20));
    await expect(readSafetensorsHeader(path)).rejects.toThrow(/tensor "b": .*gap/);
  });
  it('header length past the end of the file', async () => {
    const path = await raw('len.safetensors', { a: f32(0, 8) }, new Uint8Array(8), 1n << 40n);
    await expect(readSafetensorsHeader(path)).rejects.toThrow(/len.safetensors: header length \d+ runs past the end/);
  });
  it('byte length that does not match elements x dtype size', async () => {
    const path = await raw('size.safetensors', { a: f32(0, 12) }, new Uint8Array(12));
    await expect(readSafetensorsHeader(path)).rejects.toThrow(
      /tensor "a": holds 12 bytes but shape \[2\] of F32 needs 8/,
    );
  });
  it('trailing bytes, unknown dtypes, bad JSON, files too short', async () => {
    await expect(
      readSafetensorsHeader(await raw('trail.safetensors', { a: f32(0, 8) }, new Uint8Array(9))),
    ).rejects.toThrow(/1 trailing bytes/);
    await expect(
      readSafetensorsHeader(
        await raw('dt.safetensors', { a: { dtype: 'Q4', shape: [1], data_offsets: [0, 1] } }, new Uint8Array(1)),
      ),
    ).rejects.toThrow(/tensor "a": unknown dtype "Q4"/);
    const json = join(dir, 'json.safetensors');
    await writeFile(json, Buffer.concat([Buffer.from([3, 0, 0, 0, 0, 0, 0, 0]), Buffer.from('{x}')]));
    await expect(readSafetensorsHeader(json)).rejects.toThrow(/json.safetensors: header is not valid UTF-8 JSON/);
    const short = join(dir, 'short.safetensors');
    await writeFile(short, Buffer.from([1, 2]));
    await expect(readSafetensorsHeader(short)).rejects.toThrow(/too short/);
  });
});
