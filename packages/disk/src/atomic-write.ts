import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { explainDiskFull } from './disk-full';

export interface AtomicWriteOptions {
  /** fsync before the rename, so that the name never points at data a crash can still lose (default true). */
  durable?: boolean;
  mode?: number;
}

const TEMPORARY = /\.tmp-[0-9a-f]{12}$/;

/** `<path>.tmp-<12 hex digits>`: beside the final path, so the rename stays on one file system. */
export function temporaryPath(path: string): string {
  return `${path}.tmp-${randomBytes(6).toString('hex')}`;
}

/**
 * Removes what `temporaryPath(path)` writers left behind when they were killed before they could
 * clean up (a full disk's usual suspect). Only for a caller that knows it is the path's one writer.
 */
export async function removeTemporaries(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.tmp-`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  const stale = names.filter((n) => n.startsWith(prefix) && TEMPORARY.test(n)).map((n) => join(dirname(path), n));
  await Promise.all(stale.map((p) => rm(p, { recursive: true, force: true })));
  return stale;
}

/**
 * Writes `data` (whole, or chunks as they come: a stream of unknown length) to a temporary file
 * and renames it to `path` once complete: `path` is either absent, as it was, or whole. On any
 * error the temporary file is removed; a full disk becomes a DiskFullError naming `path`.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const tmp = temporaryPath(path);
  const chunks = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
  const total = typeof data === 'string' || data instanceof Uint8Array ? byteLength(data) : undefined;
  let written = 0;
  let fh: FileHandle | undefined;
  try {
    fh = await open(tmp, 'wx', options.mode);
    for await (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      written += bytes.length; // counted before the write: a failed write needed it too
      await fh.writeFile(bytes); // appends at the handle's position
    }
    if (options.durable ?? true) await fh.sync();
    await fh.close();
    fh = undefined;
    await rename(tmp, path);
  } catch (err) {
    await fh?.close().catch(() => {});
    // Quietly: where the temporary could not be made (a file in the path) removing it fails too.
    await rm(tmp, { force: true }).catch(() => {});
    throw (
      explainPathError(err, path) ??
      explainDiskFull(err, { path, neededBytes: total ?? written, atLeast: total === undefined })
    );
  }
}

/** writeFileAtomic for a caller that cannot await (a small file in a synchronous path). */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const tmp = temporaryPath(path);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', options.mode);
    writeFileSync(fd, data);
    if (options.durable ?? true) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) closeQuietly(fd);
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the write's error is the one to report
    }
    throw explainPathError(err, path) ?? explainDiskFull(err, { path, neededBytes: byteLength(data) });
  }
}

/**
 * An error about where the file goes, said about the path the user gave (not the temporary name
 * beside it) with what to do; undefined for any other error.
 */
export function explainPathError(err: unknown, path: string): Error | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const dir = dirname(path);
  const why: Partial<Record<string, string>> = {
    ENOENT: `the directory ${dir} does not exist: create it first (mkdir -p ${dir}) or write elsewhere`,
    ENOTDIR: `a part of ${dir} is a file, not a directory: choose another path`,
    EISDIR: `${path} is a directory: give a file name inside it, e.g. ${join(path, basename(path) || 'out')}`,
    EACCES: `no permission to write in ${dir}: choose a directory you can write to`,
    EPERM: `no permission to write in ${dir}: choose a directory you can write to`,
    EROFS: `${dir} is on a read-only file system: write elsewhere`,
  };
  const reason = code ? why[code] : undefined;
  return reason ? new Error(`cannot write ${path}: ${reason}`, { cause: err }) : undefined;
}

const byteLength = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.byteLength(data) : data.length);

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // the write's error is the one to report
  }
}
