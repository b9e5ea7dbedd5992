import { DiskFullError, explainDiskFull, freeBytes, isOutOfSpace } from '@frontier/disk';

/** Free space under which a relayed ENOSPC is taken for a full disk: more than one test may write. */
const SHORT_OF_SPACE = 256 << 20;

/**
 * A full disk is neither the program's fault nor a passing glitch of the judge: no verdict (not
 * even IE) is given; the call fails naming the directory, and judging again once space is freed
 * works (nothing half-written is kept, nothing failed is remembered). The supervisor relays
 * errors as text, and ENOSPC also means too many namespaces: from it, only a directory really
 * short of space stops judging.
 */
export function stopIfDiskFull(err: unknown, dir: string): void {
  if (isOutOfSpace(err) && (err instanceof DiskFullError || freeBytes(dir) < SHORT_OF_SPACE))
    throw explainDiskFull(err, { path: dir });
}
