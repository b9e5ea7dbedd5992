import { open } from 'node:fs/promises';
import { writeFileAtomic } from '@frontier/disk';
import { DTYPE_SIZES, elementCount, type Dtype } from '../dtypes';
import { MergeError } from '../errors';
import { readSafetensorsHeader, type SafetensorsHeader } from './header';

export interface Tensor {
  name: string;
  dtype: Dtype;
  shape: number[];
  data: Uint8Array;
}

export interface TensorLayout {
  name: string;
  dtype: Dtype;
  shape: number[];
}

/**
 * The header bytes (8-byte length + JSON padded with spaces to a multiple of 8, so the data
 * section is aligned) for tensors laid out contiguously in the given order.
 */
export function encodeHeader(tensors: readonly TensorLayout[], metadata?: Record<string, string>): Buffer {
  const header: Record<string, unknown> = {};
  if (metadata && Object.keys(metadata).length > 0) header.__metadata__ = metadata;
  let offset = 0;
  for (const t of tensors) {
    if (t.name === '__metadata__' || Object.hasOwn(header, t.name))
      throw new MergeError('duplicate or reserved tensor name', undefined, t.name);
    const bytes = elementCount(t.shape) * DTYPE_SIZES[t.dtype];
    header[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const padded = Math.ceil(json.length / 8) * 8;
  const out = Buffer.alloc(8 + padded, 0x20);
  out.writeBigUInt64LE(BigInt(padded), 0);
  json.copy(out, 8);
  return out;
}

/** Writes a whole (small) safetensors file at once, atomically: temporary file, then rename. */
export async function writeSafetensors(
  path: string,
  tensors: readonly Tensor[],
  metadata?: Record<string, string>,
): Promise<void> {
  for (const t of tensors) {
    const expected = elementCount(t.shape) * DTYPE_SIZES[t.dtype];
    if (t.data.byteLength !== expected) {
      throw new MergeError(
        `has ${t.data.byteLength} bytes but shape [${t.shape.join(', ')}] of ${t.dtype} needs ${expected}`,
        path,
        t.name,
      );
    }
  }
  await writeFileAtomic(path, Buffer.concat([encodeHeader(tensors, metadata), ...tensors.map((t) => t.data)]));
}

/** Reads a whole (small) safetensors file into memory, validated. Use the header API for big ones. */
export async function readSafetensors(
  path: string,
): Promise<{ header: SafetensorsHeader; tensors: Map<string, Tensor> }> {
  const header = await readSafetensorsHeader(path);
  const fh = await open(path, 'r');
  try {
    const data = Buffer.alloc(header.fileSize - header.dataStart);
    const { bytesRead } = await fh.read(data, 0, data.length, header.dataStart);
    if (bytesRead !== data.length) throw new MergeError('file shrank while being read', path);
    const tensors = new Map<string, Tensor>();
    for (const t of header.tensors) {
      tensors.set(t.name, {
        name: t.name,
        dtype: t.dtype,
        shape: t.shape,
        data: new Uint8Array(data.buffer, data.byteOffset + t.begin, t.end - t.begin),
      });
    }
    return { header, tensors };
  } finally {
    await fh.close();
  }
}
