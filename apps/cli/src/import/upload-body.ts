import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { create } from 'tar';
import { singleFileCheckpoint, type ImportFields } from '@frontier/db';
import { ARCHIVE_MEDIA_TYPE } from '@frontier/db/archive-format';
import { detectFormat, FormatError, readManifest } from '@frontier/formats';

/** What `frontier import --server` sends: the file, or a tar of a manifest and its files. */
export interface UploadBody {
  open(): AsyncIterable<Uint8Array>;
  contentType: string;
  /** Exact, for Content-Length (the server refuses one past its limit before any byte is sent). */
  bytes?: number;
  /** About the bytes to send, for the progress bar. */
  estimate: number;
  /** Query parameters naming the file(s), for the server's messages. */
  names: Record<string, string>;
}

const TAR_BLOCK = 512;
const tarSize = (bytes: number) => TAR_BLOCK + Math.ceil(bytes / TAR_BLOCK) * TAR_BLOCK;

/**
 * A manifest and the files it lists, as a tar streamed from the disk (never whole in memory); the
 * manifest first, so the server knows which file it is. Paths stay relative to the manifest, so
 * files outside its folder cannot go: the message says so.
 */
async function manifestArchive(path: string): Promise<UploadBody> {
  const m = await readManifest(path);
  const dir = dirname(m.file);
  const members = [basename(m.file)];
  for (const e of m.entries) {
    const rel = relative(dir, e.path);
    if (rel.split(/[\\/]/)[0] === '..' || isAbsolute(rel)) {
      throw new FormatError({
        file: path,
        location: { kind: 'entry', index: e.index },
        field: 'path',
        detail: `${JSON.stringify(e.relativePath)} is outside the manifest's folder: to send it to a server, keep the results files under the manifest's folder`,
      });
    }
    if (!members.includes(rel)) members.push(rel);
  }
  const sizes = await Promise.all(members.map((member) => stat(join(dir, member)).then((s) => s.size)));
  return {
    open: () => create({ cwd: dir, portable: true }, members),
    contentType: 'application/x-tar',
    estimate: sizes.reduce((sum, size) => sum + tarSize(size), 2 * TAR_BLOCK),
    names: { manifest: members[0]! },
  };
}

/** The body for PATH; a single file's flags are checked here, before a byte is sent. */
export async function uploadBody(path: string, flags: ImportFields): Promise<UploadBody> {
  const format = await detectFormat(path);
  if (format === 'manifest') return manifestArchive(path);
  if (format !== 'archive') singleFileCheckpoint(path, flags);
  const bytes = (await stat(path)).size;
  const contentType = { archive: ARCHIVE_MEDIA_TYPE, lcb: 'application/json', jsonl: 'application/x-ndjson' }[format];
  return {
    open: () => createReadStream(path, { highWaterMark: 1 << 20 }),
    contentType,
    bytes,
    estimate: bytes,
    names: { filename: basename(path) },
  };
}
