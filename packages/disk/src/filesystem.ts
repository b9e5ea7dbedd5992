import { existsSync, readFileSync, realpathSync, statfsSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/** The path itself, or its nearest ancestor that exists (a file not written yet, a directory removed). */
export function existingAncestor(path: string): string {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

/** Bytes an unprivileged writer may still use on the file system holding `path`. */
export function freeBytes(path: string): number {
  const s = statfsSync(existingAncestor(path));
  return s.bavail * s.bsize;
}

/** The file system's identity, to add up what several paths need from the same one. */
export function deviceId(path: string): number {
  return statSync(existingAncestor(path)).dev;
}

/**
 * What a person would call the file system holding `path`: `/dev/sdb1 (mounted at /data)`, or
 * `tmpfs (mounted at /tmp/x)`. From /proc/self/mountinfo: the deepest mount point above the path,
 * the last one mounted there. Undefined where that file is missing (not Linux).
 */
export function deviceName(path: string): string | undefined {
  let table: string;
  let real: string;
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
    real = realpathSync(existingAncestor(path));
  } catch {
    return undefined;
  }
  let best: { source: string; mountPoint: string } | undefined;
  for (const line of table.split('\n')) {
    // "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw": the mount point is field 5.
    const [left, right] = line.split(' - ');
    const mountPoint = unescapeOctal(left?.split(' ')[4] ?? '');
    const [fsType, source] = (right ?? '').split(' ');
    if (!mountPoint || !fsType || !inside(real, mountPoint)) continue;
    if (!best || mountPoint.length >= best.mountPoint.length)
      best = { source: source && source !== 'none' ? unescapeOctal(source) : fsType, mountPoint };
  }
  return best && `${best.source} (mounted at ${best.mountPoint})`;
}

const inside = (path: string, dir: string) => dir === '/' || path === dir || path.startsWith(dir + sep);

// mountinfo writes a space in a path as \040, a tab as \011 and so on.
const unescapeOctal = (s: string) =>
  s.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
