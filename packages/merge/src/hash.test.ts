import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputHasher } from './hash';
import { randomBytesFrom, tempDir } from '../test/tiny-checkpoints';

describe('InputHasher', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir()));
  afterAll(() => cleanup());

  it('hashes whole files from chunks in memory, in order or not, and from disk for the rest', async () => {
    const content = new Uint8Array(300_000);
    randomBytesFrom(3)(content);
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    await writeFile(a, content);
    await writeFile(b, content.subarray(1000));
    const shared = new SharedArrayBuffer(content.length);
    const memory = new Uint8Array(shared);
    memory.set(content);
    const hasher = InputHasher.start(shared, [[a], [b]]);
    // a: header skipped, then in order, one chunk overlapping the last; b: out of order, then stops short.
    await hasher.hash([
      { path: a, position: 500, offset: 500, length: 10_000 },
      { path: b, position: 50_000, offset: 51_000, length: 1000 },
    ]);
    await hasher.hash([
      { path: a, position: 10_500, offset: 10_500, length: 5000 },
      { path: b, position: 0, offset: 1000, length: 2000 },
    ]);
    await hasher.hash([{ path: a, position: 15_000, offset: 15_000, length: 285_000 }]);
    memory.fill(0); // whatever is left must come from disk, not from memory
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(await hasher.finish()).toEqual({ [a]: sha(content), [b]: sha(content.subarray(1000)) });
  });
});
