import { dirname } from 'node:path';
import { deviceId, deviceName, freeBytes } from './filesystem';

export interface DiskFullDetails {
  /** What could not be written: a path, or what the writer was doing. */
  path: string;
  /** The file system, as `deviceName` says it, or who owns it ("the database server's disk"). */
  device?: string;
  /** What the write needed in all; with `atLeast`, a lower bound (a stream of unknown length). */
  neededBytes?: number;
  atLeast?: boolean;
  /** Free space once the writer cleaned up after itself: what a retry would find. */
  freeBytes?: number;
}

/**
 * A write that found the disk full (ENOSPC) or the quota used up (EDQUOT). The message names
 * where, and how much was needed and is free, so a person knows what to free before retrying.
 */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
  /** As Node's own error, so code that tests `code === 'ENOSPC'` still recognises it. */
  readonly code = 'ENOSPC';

  constructor(
    readonly details: DiskFullDetails,
    options?: { cause?: unknown },
  ) {
    const { path, device, neededBytes, atLeast, freeBytes } = details;
    const amounts = [
      neededBytes === undefined ? undefined : `needed ${atLeast ? 'more than ' : '~'}${formatBytes(neededBytes, 'up')}`,
      freeBytes === undefined ? undefined : `${formatBytes(freeBytes, 'down')} free`,
    ].filter(Boolean);
    super(
      `no space left on ${device ?? 'the disk'} for ${path}${amounts.length ? `: ${amounts.join(', ')}` : ''}; free some space and retry`,
      options,
    );
  }
}

const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100' /* Postgres: disk_full */]);
// strerror's words, for errors that crossed a process boundary as text (a sandbox supervisor, a
// database server): "[Errno 28] No space left on device", "could not extend file ...: No space ...".
const NO_SPACE_TEXT = /no space left on device|disk quota exceeded/i;

/** ENOSPC or EDQUOT, from Node, or relayed by another process in its message. */
export function isOutOfSpace(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    (typeof code === 'string' && NO_SPACE_CODES.has(code)) || NO_SPACE_TEXT.test(err.message) || isOutOfSpace(err.cause)
  );
}

/**
 * Turns an out-of-space error from writing under `path` into a DiskFullError naming the path, the
 * device and its free space (measured now: call it after removing what was half written); any
 * other error comes back unchanged, for the caller to rethrow.
 */
export function explainDiskFull(
  err: unknown,
  where: { path: string; what?: string; neededBytes?: number; atLeast?: boolean },
): unknown {
  if (err instanceof DiskFullError || !isOutOfSpace(err)) return err;
  return new DiskFullError(
    {
      path: where.what ?? where.path,
      device: deviceName(where.path),
      neededBytes: where.neededBytes,
      atLeast: where.atLeast,
      freeBytes: tryFreeBytes(where.path),
    },
    { cause: err },
  );
}

/**
 * Refuses, before anything is written, outputs that cannot fit: the bytes each path will take are
 * added up per file system and compared with its free space. Throws a DiskFullError naming them.
 */
export function ensureFreeSpace(targets: readonly { path: string; bytes: number }[]): void {
  const byDevice = new Map<number, { paths: string[]; bytes: number }>();
  for (const t of targets) {
    const id = deviceId(dirname(t.path));
    const group = byDevice.get(id) ?? { paths: [], bytes: 0 };
    group.paths.push(t.path);
    group.bytes += t.bytes;
    byDevice.set(id, group);
  }
  for (const { paths, bytes } of byDevice.values()) {
    const free = freeBytes(paths[0]!);
    if (free >= bytes) continue;
    throw new DiskFullError({
      path: namePaths(paths),
      device: deviceName(paths[0]!),
      neededBytes: bytes,
      freeBytes: free,
    });
  }
}

/** `a`, or `a and 3 more`: several outputs named in one line. */
export function namePaths(paths: readonly string[]): string {
  return paths.length === 1 ? paths[0]! : `${paths[0]} and ${paths.length - 1} more`;
}

function tryFreeBytes(path: string): number | undefined {
  try {
    return freeBytes(path);
  } catch {
    return undefined;
  }
}

const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;

/** 900 B, 12 KiB, 3.4 MiB, 14.0 GiB; "needed" rounds up and "free" down, so neither flatters. */
export function formatBytes(bytes: number, round: 'up' | 'down'): string {
  const r = round === 'up' ? Math.ceil : Math.floor;
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${r(bytes / KIB)} KiB`;
  if (bytes < GIB) return `${(r((bytes / MIB) * 10) / 10).toFixed(1)} MiB`;
  return `${(r((bytes / GIB) * 10) / 10).toFixed(1)} GiB`;
}
