import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { FormatError, toFormatError } from './errors';

export type FileFormat = 'lcb' | 'jsonl' | 'manifest';

/** Format from the extension alone; undefined for `.json`, which needs a peek. */
export function formatFromExtension(path: string): FileFormat | 'json' | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.yaml' || ext === '.yml') return 'manifest';
  if (ext === '.json') return 'json';
  return undefined;
}

async function firstNonSpace(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4096);
    for (let pos = 0; ;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) return undefined;
      const text = buf.toString('latin1', 0, bytesRead).replace(/^\xEF\xBB\xBF/, '');
      const match = /\S/.exec(text);
      if (match) return match[0];
      pos += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * 'jsonl' for .jsonl/.ndjson, 'manifest' for .yaml/.yml; a .json file is an LCB eval file if it
 * starts with '[' and a manifest if it starts with '{'.
 */
export async function detectFormat(path: string): Promise<FileFormat> {
  const byExt = formatFromExtension(path);
  if (byExt === undefined) {
    throw new FormatError({ file: path, detail: `unknown extension (expected .json, .jsonl, .ndjson, .yaml or .yml)` });
  }
  if (byExt !== 'json') return byExt;
  let first: string | undefined;
  try {
    first = await firstNonSpace(path);
  } catch (err) {
    throw toFormatError(path, err);
  }
  if (first === '[') return 'lcb';
  if (first === '{') return 'manifest';
  const got = first === undefined ? 'an empty file' : JSON.stringify(first);
  throw new FormatError({
    file: path,
    detail: `cannot tell the format: expected '[' (LCB eval file) or '{' (manifest), got ${got}`,
  });
}
