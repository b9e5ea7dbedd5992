import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The last `lines` lines written to `path` after byte `from` (where this run's output starts in a
 * log that earlier runs appended to), reading at most its last `maxBytes`. Progress bars' carriage
 * returns count as line ends. '' when the file does not exist.
 */
export function readLogTail(path: string, from: number, lines: number, maxBytes = 64 * 1024): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const size = fstatSync(fd).size;
    const base = from > size ? 0 : from; // the file was truncated: all of it is new
    const start = Math.max(base, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const rows = buf.toString('utf8').split(/\r\n|\r|\n/);
    if (start > base) rows.shift(); // cut in the middle
    return rows
      .filter((row) => row.trim() !== '')
      .slice(-lines)
      .join('\n');
  } finally {
    closeSync(fd);
  }
}
