import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { FormatError, toFormatError } from './errors';

/** 'archive': a study archive (`frontier export STUDY --archive FILE`), recognised by its content. */
export type FileFormat = 'lcb' | 'jsonl' | 'manifest' | 'archive';

/** Format of a results file or manifest from the extension alone; undefined for `.json`, which needs a peek. */
export function formatFromExtension(path: string): Exclude<FileFormat, 'archive'> | 'json' | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.yaml' || ext === '.yml') return 'manifest';
  if (ext === '.json') return 'json';
  return undefined;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * True when the file starts with gzip's magic bytes: a study archive is one gzip stream. A file
 * that cannot be opened is not one: reading it later says why, as for any other file.
 */
async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const buf = Buffer.alloc(2);
    const { bytesRead } = await handle.read(buf, 0, 2, 0);
    return bytesRead === 2 && buf[0] === GZIP_MAGIC[0] && buf[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
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
 * 'archive' for a gzip file whatever its name (study archives are gzip; results files are plain
 * text); 'jsonl' for .jsonl/.ndjson, 'manifest' for .yaml/.yml; a .json file is an LCB eval file
 * if it starts with '[' and a manifest if it starts with '{'.
 */
export async function detectFormat(path: string): Promise<FileFormat> {
  if (await isGzip(path)) return 'archive';
  const byExt = formatFromExtension(path);
  if (byExt === undefined) {
    throw new FormatError({
      file: path,
      detail: `unknown extension (expected .json, .jsonl, .ndjson, .yaml or .yml, or a study archive)`,
    });
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
