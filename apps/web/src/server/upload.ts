// Receiving an upload (POST /api/imports) onto the disk: the body is written to a file as it
// arrives, so a 2 GiB results file never sits in memory, and counted, so one past the limit stops
// at the limit. An archive is then unpacked beside it, refusing anything that could write outside.
// A full disk is said as the CLI says it (@frontier/disk), once the partial files are gone.
import { createWriteStream, type Stats } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { explainDiskFull, isOutOfSpace } from '@frontier/disk';
import { extract, type ReadEntry } from 'tar';
import { formatBytes } from '../lib/format';
import { declaredLength } from './content-length';
import { HttpError } from './http-error';

export function tooLarge(maxBytes: number): HttpError {
  // Connection: close, because the client may still be sending what this server will not read.
  return new HttpError(
    413,
    `the upload is larger than this server's limit of ${formatBytes(maxBytes)} (FRONTIER_IMPORT_MAX_BYTES=${maxBytes}); split the import into smaller files, or raise the limit on the server`,
    undefined,
    { Connection: 'close' },
  );
}

/** A 413 before anything is read, when the client announces a body past the limit. */
export function checkDeclaredLength(contentLength: string | null, maxBytes: number): void {
  if ((declaredLength(contentLength) ?? 0) > maxBytes) throw tooLarge(maxBytes);
}

export interface SpoolLimits {
  maxBytes: number;
  /** The Content-Length, if sent: what a full disk says the upload needs. */
  declaredBytes?: number;
  /** The file is an archive to unpack beside itself: it needs more than its own size. */
  unpacks?: boolean;
}

/**
 * Writes the body to `file` chunk by chunk, waiting for the disk when it falls behind; returns the
 * byte count. Past `maxBytes` it stops reading and throws a 413. It never cancels the body: in
 * Node that would destroy the socket, and with it the 413 the client should read. A full disk
 * removes the partial file and throws a DiskFullError naming `file`.
 */
export async function spool(
  body: ReadableStream<Uint8Array>,
  file: string,
  { maxBytes, declaredBytes, unpacks = false }: SpoolLimits,
): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx' });
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve())); // after an error too
  const done = finished(out);
  done.catch(() => {}); // awaited below; a disk error meanwhile must not go unhandled
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await reader.read().catch((err: unknown) => {
        throw new HttpError(
          400,
          `the upload broke off before its end (${(err as Error).message}); nothing was imported`,
        );
      });
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
      if (!out.write(chunk.value)) await Promise.race([once(out, 'drain'), done]);
    }
    out.end();
    await done;
    return bytes;
  } catch (err) {
    out.destroy();
    if (!isOutOfSpace(err)) throw err;
    await closed;
    await rm(file, { force: true });
    throw explainDiskFull(err, {
      path: file,
      neededBytes: Math.max(declaredBytes ?? 0, bytes),
      atLeast: unpacks || declaredBytes === undefined,
    });
  } finally {
    reader.releaseLock();
  }
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

const refused = (path: string, why: string) =>
  new HttpError(400, `the archive's entry ${JSON.stringify(path)} ${why}; nothing was imported`);

/**
 * Unpacks a tar (or gzipped tar) archive into `dir` and returns its files' paths relative to
 * `dir`, in archive order. Only plain files and directories under `dir` are accepted (no absolute
 * paths, no `..`, no links or devices), and at most `maxBytes` of content (a gzip bomb stops there).
 */
export async function extractArchive(archive: string, dir: string, maxBytes: number): Promise<string[]> {
  const files: string[] = [];
  let total = 0;
  let refusal: HttpError | undefined;
  const accept = (path: string, entry: Stats | ReadEntry): boolean => {
    if (refusal) return false;
    const type = 'type' in entry ? entry.type : 'Unknown'; // always a ReadEntry when extracting
    const parts = path.split(/[\\/]+/);
    if (isAbsolute(path) || /^[a-zA-Z]:/.test(path))
      refusal = refused(path, 'has an absolute path: archive paths must be relative to the manifest');
    else if (parts.includes('..')) refusal = refused(path, "climbs out of the archive with '..'");
    else if (type === 'Directory') return true;
    else if (!FILE_TYPES.has(type))
      refusal = refused(path, `is a ${type}: an import archive holds only files and directories`);
    else if ((total += entry.size ?? 0) > maxBytes) refusal = tooLarge(maxBytes);
    if (refusal) return false;
    files.push(parts.filter((p) => p !== '' && p !== '.').join('/'));
    return true;
  };
  try {
    // strict: node-tar's own path checks (which back up the ones above) fail the extraction instead of warning.
    await extract({
      file: archive,
      cwd: dir,
      strict: true,
      filter: accept,
      preservePaths: false,
      noChmod: true,
      preserveOwner: false,
    });
  } catch (err) {
    if (refusal) throw refusal;
    if (isOutOfSpace(err)) throw await unpackDiskFull(err, archive, dir, total);
    throw new HttpError(400, `the upload is not a readable tar archive: ${(err as Error).message}`);
  }
  if (refusal) throw refusal;
  return files;
}

/**
 * A disk that filled while unpacking: the archive and what was unpacked go first (a retry sends it
 * again), so the free space said is what a retry finds; it needs the archive and more than what
 * was unpacked so far (the entries after it are unknown).
 */
async function unpackDiskFull(err: unknown, archive: string, dir: string, unpacked: number): Promise<unknown> {
  const archiveBytes = await stat(archive).then(
    (s) => s.size,
    () => 0,
  );
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  await rm(archive, { force: true });
  return explainDiskFull(err, { path: dir, neededBytes: archiveBytes + unpacked, atLeast: true });
}

/** Runs `work` with a fresh directory under `<dataDir>/uploads`, removed afterwards whatever happens. */
export async function withUploadDir<T>(dataDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const parent = join(dataDir, 'uploads');
  const dir = await mkdir(parent, { recursive: true })
    .then(() => mkdtemp(join(parent, 'import-')))
    .catch((err: unknown) => {
      throw explainDiskFull(err, { path: parent });
    });
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
