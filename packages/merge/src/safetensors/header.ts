import { open } from 'node:fs/promises';
import { DTYPE_SIZES, elementCount, isDtype, type Dtype } from '../dtypes';
import { MergeError } from '../errors';

export interface TensorInfo {
  name: string;
  dtype: Dtype;
  shape: number[];
  /** Byte offsets relative to the start of the data section, as in the header. */
  begin: number;
  end: number;
}

export interface SafetensorsHeader {
  path: string;
  fileSize: number;
  /** Absolute file offset of the data section: 8 + header length. */
  dataStart: number;
  /** Tensors in data order (by offset). */
  tensors: TensorInfo[];
  metadata: Record<string, string>;
}

// The reference implementation refuses headers above 100 MB; so do we, before allocating.
export const MAX_HEADER_BYTES = 100_000_000;

export async function readSafetensorsHeader(path: string): Promise<SafetensorsHeader> {
  const fh = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new MergeError(`cannot open (${err.code ?? err.message})`, path);
  });
  try {
    const { size } = await fh.stat();
    if (size < 8) throw new MergeError(`file is ${size} bytes, too short for the 8-byte header length`, path);
    const lenBuf = Buffer.alloc(8);
    await fh.read(lenBuf, 0, 8, 0);
    const headerLen = lenBuf.readBigUInt64LE(0);
    if (headerLen > BigInt(size - 8)) {
      throw new MergeError(`header length ${headerLen} runs past the end of the file (${size} bytes)`, path);
    }
    if (headerLen > BigInt(MAX_HEADER_BYTES)) throw new MergeError(`header length ${headerLen} exceeds 100 MB`, path);
    const json = Buffer.alloc(Number(headerLen));
    await fh.read(json, 0, json.length, 8);
    return parseSafetensorsHeader(json, size, path);
  } finally {
    await fh.close();
  }
}

/** Validates a header against the safetensors rules; `json` is the header bytes after the length. */
export function parseSafetensorsHeader(json: Uint8Array, fileSize: number, path: string): SafetensorsHeader {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch (err) {
    throw new MergeError(`header is not valid UTF-8 JSON (${(err as Error).message})`, path);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new MergeError('header is not a JSON object', path);
  const dataStart = 8 + json.length;
  const dataSize = fileSize - dataStart;
  const metadata: Record<string, string> = {};
  const tensors: TensorInfo[] = [];
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (name === '__metadata__') {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
        throw new MergeError('__metadata__ is not an object', path);
      for (const [k, v] of Object.entries(entry)) {
        if (typeof v !== 'string') throw new MergeError(`__metadata__ value "${k}" is not a string`, path);
        metadata[k] = v;
      }
      continue;
    }
    tensors.push(parseTensor(name, entry, path));
  }
  tensors.sort((a, b) => a.begin - b.begin || a.end - b.end);
  let cursor = 0;
  for (const t of tensors) {
    if (t.begin < cursor)
      throw new MergeError(
        `data offsets [${t.begin}, ${t.end}] overlap the previous tensor (ends at ${cursor})`,
        path,
        t.name,
      );
    if (t.begin > cursor)
      throw new MergeError(
        `data offsets [${t.begin}, ${t.end}] leave a gap after byte ${cursor}; tensors must be contiguous from 0`,
        path,
        t.name,
      );
    if (t.end > dataSize)
      throw new MergeError(
        `data ends at byte ${t.end} but the file has ${dataSize} data bytes (truncated file?)`,
        path,
        t.name,
      );
    cursor = t.end;
  }
  if (cursor !== dataSize) throw new MergeError(`${dataSize - cursor} trailing bytes after the last tensor`, path);
  return { path, fileSize, dataStart, tensors, metadata };
}

function parseTensor(name: string, entry: unknown, path: string): TensorInfo {
  const fail = (msg: string): never => {
    throw new MergeError(msg, path, name);
  };
  if (typeof entry !== 'object' || entry === null) return fail('entry is not an object');
  const { dtype, shape, data_offsets: offsets } = entry as Record<string, unknown>;
  if (!isDtype(dtype)) return fail(`unknown dtype ${JSON.stringify(dtype)}`);
  if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
    return fail(`shape ${JSON.stringify(shape)} is not a list of non-negative integers`);
  }
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)) {
    return fail(`data_offsets ${JSON.stringify(offsets)} is not a pair of non-negative integers`);
  }
  const [begin, end] = offsets as [number, number];
  if (end < begin) return fail(`data_offsets [${begin}, ${end}] end before they begin`);
  const expected = elementCount(shape) * DTYPE_SIZES[dtype];
  if (end - begin !== expected) {
    return fail(`holds ${end - begin} bytes but shape [${shape.join(', ')}] of ${dtype} needs ${expected}`);
  }
  return { name, dtype, shape: shape as number[], begin, end };
}
