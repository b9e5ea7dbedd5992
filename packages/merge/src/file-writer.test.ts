import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_ALIGN, SequentialFileWriter } from './file-writer';
import { randomBytesFrom, tempDir } from '../test/tiny-checkpoints';

// Writes `content` (header first) in chunks of the given sizes, each placed in memory as the
// merge places it, and returns what landed on disk.
async function writeInChunks(
  path: string,
  memory: Uint8Array,
  content: Uint8Array,
  headerLength: number,
  sizes: number[],
): Promise<Uint8Array> {
  const writer = await SequentialFileWriter.create(path, content.subarray(0, headerLength), content.length);
  const pending: Array<Promise<void>> = [];
  let pos = headerLength;
  for (const [j, size] of sizes.entries()) {
    const length = Math.min(size, content.length - pos);
    const region = (j % 2) * (2 * BLOCK_ALIGN + 65536); // two slots, as the merge alternates
    const at = region + SequentialFileWriter.placement(pos);
    memory.set(content.subarray(pos, pos + length), at);
    pending.push(writer.write(memory, at, length, pos));
    if (pending.length === 2) await pending.shift();
    pos += length;
  }
  await Promise.all(pending);
  await writer.finish(content.subarray(0, headerLength), false);
  return readFile(path);
}

// toEqual walks big arrays element by element; equals compares them in one go.
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

describe('SequentialFileWriter', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir()));
  afterAll(() => cleanup());
  const memory = new Uint8Array(new WebAssembly.Memory({ initial: 4 }).buffer); // page-aligned, as O_DIRECT wants
  let n = 0;

  const cases = fc.tuple(
    fc.integer({ min: 8, max: 9000 }),
    fc.array(fc.integer({ min: 0, max: 60000 }), { minLength: 1, maxLength: 12 }),
  );
  it('lands every byte in place, blocks direct and partial blocks buffered', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ([headerLength, sizes]) => {
        const content = new Uint8Array(headerLength + sizes.reduce((a, b) => a + b, 0));
        randomBytesFrom(headerLength)(content);
        expect(same(await writeInChunks(join(dir, `f${n++}`), memory, content, headerLength, sizes), content)).toBe(
          true,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('falls back to the page cache when O_DIRECT refuses the memory (misaligned)', async () => {
    const misaligned = new Uint8Array(memory.buffer, 1, memory.length - 1);
    const content = new Uint8Array(100_000);
    randomBytesFrom(7)(content);
    expect(
      same(await writeInChunks(join(dir, `f${n++}`), misaligned, content, 100, [20_000, 50_000, 40_000]), content),
    ).toBe(true);
  });

  it('refuses a chunk that does not start where the last one ended', async () => {
    const writer = await SequentialFileWriter.create(join(dir, `f${n++}`), new Uint8Array(16), 1000);
    expect(() => writer.write(memory, 32, 10, 32)).toThrow(/expected 16/);
    await writer.close();
  });
});
