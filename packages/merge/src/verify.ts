import type { FileHandle } from 'node:fs/promises';
import { MergeError } from './errors';
import type { PlannedTensor } from './plan';

const CHUNK = 4 << 20;

/**
 * Integer, boolean and other non-float tensors are never averaged: they are copied, and only
 * when identical in every input. Checked before anything is written (they are usually small).
 */
export async function verifyCopiedTensors(
  tensors: readonly PlannedTensor[],
  handles: Map<string, FileHandle>,
): Promise<void> {
  const a = Buffer.allocUnsafe(CHUNK);
  const b = Buffer.allocUnsafe(CHUNK);
  for (const t of tensors) {
    if (t.kind !== 'copy') continue;
    const [first, ...rest] = t.sources;
    for (const other of rest) {
      for (let off = 0; off < t.bytes; off += CHUNK) {
        const n = Math.min(CHUNK, t.bytes - off);
        await readExactly(handles.get(first!.file.path)!, a, n, first!.file.dataStart + first!.begin + off);
        await readExactly(handles.get(other.file.path)!, b, n, other.file.dataStart + other.begin + off);
        if (!a.subarray(0, n).equals(b.subarray(0, n))) {
          throw new MergeError(
            `${t.dtype} tensor differs from ${first!.file.path}; non-float tensors are copied only when identical in every input, never averaged`,
            other.file.path,
            t.name,
          );
        }
      }
    }
  }
}

async function readExactly(fh: FileHandle, buf: Buffer, n: number, position: number): Promise<void> {
  for (let done = 0; done < n;) {
    const { bytesRead } = await fh.read(buf, done, n - done, position + done);
    if (bytesRead === 0) throw new Error('unexpected end of file');
    done += bytesRead;
  }
}
