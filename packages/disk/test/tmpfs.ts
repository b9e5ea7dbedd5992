// A small tmpfs for the full-disk tests of every package: real ENOSPC from the kernel, not a mock.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeBytes } from '../src/filesystem';

export interface Tmpfs {
  dir: string;
  /** Grows (or shrinks) it in place, keeping its files: `mount -o remount,size=...`. */
  resize(size: string): void;
  /** Writes a file that leaves `leaveBytes` free (what other programs do to a disk); returns its path. */
  fill(leaveBytes?: number): string;
  unmount(): void;
}

/** Mounts a tmpfs of `size` (as mount takes it: 4m, 64m) on a fresh directory, readable by all. */
export function mountTmpfs(size: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'frontier-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    rmdirSync(dir);
    throw err;
  }
  let fillers = 0;
  return {
    dir,
    resize: (to) => void execFileSync('mount', ['-o', `remount,size=${to}`, dir], { stdio: 'pipe' }),
    fill(leaveBytes = 0) {
      const path = join(dir, `filler-${fillers++}`);
      try {
        writeFileSync(path, Buffer.alloc(Math.max(0, freeBytes(dir) - leaveBytes)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err; // full is what was asked for
      }
      return path;
    },
    unmount() {
      // Lazily if a process (a database server) still holds a file open there.
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      rmdirSync(dir);
    },
  };
}

/** Why these tests cannot run here (they mount a tmpfs: root with CAP_SYS_ADMIN), or undefined. */
export const tmpfsUnavailable: string | undefined = (() => {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    mountTmpfs('64k').unmount();
    return undefined;
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '')
      .trim()
      .split('\n')[0];
    return `cannot mount a tmpfs here (${stderr || (err as Error).message})`;
  }
})();
