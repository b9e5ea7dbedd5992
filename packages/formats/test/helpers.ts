// Shared by the *.test.ts files of this package; not exported from the package.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { FormatError } from '../src/errors';

/** A fresh directory under os.tmpdir(), removed after the test file. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'frontier-formats-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function writeFixture(dir: string, name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Runs `fn` and returns the FormatError it throws (fails the test otherwise). */
export async function formatErrorOf(fn: () => Promise<unknown>): Promise<FormatError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof FormatError) return err;
    throw new Error(`expected a FormatError, got ${String(err)}`);
  }
  throw new Error('expected a FormatError, but nothing was thrown');
}

/** Splits a buffer at the given sizes (cycled), as a stream would. */
export async function* chunked(buf: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let k = 0;
  for (let pos = 0; pos < buf.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length]!);
    yield buf.subarray(pos, pos + size);
    pos += size;
  }
}
