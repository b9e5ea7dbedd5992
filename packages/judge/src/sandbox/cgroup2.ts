// The cgroup2 backend's control-file logic: finding a delegated subtree, preparing it and making
// one group per slot. Kept apart from the kernel so that its tests can run against a temporary
// directory (test/cgroup2.test.ts) on machines that mount cgroup v1 only.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CGROUP2_ENV = 'FRONTIER_JUDGE_CGROUP';
const NEEDED = ['memory', 'pids'] as const;
const HOW_TO_DELEGATE = `start the judge in a delegated group of its own (a systemd service with Delegate=yes, or systemd-run --scope -p Delegate=yes ...), or set ${CGROUP2_ENV} to a group made for it`;

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const words = (text: string) => text.split(/\s+/).filter(Boolean);
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

export interface FindOptions {
  /** The group named by the env variable: taken as delegated (the admin said so). */
  explicit?: string;
  mountRoot?: string;
  procSelfCgroup?: string;
  /** Whether this process is root (default: its effective uid is 0). */
  root?: boolean;
  /** The group's delegation mark (systemd's `trusted.delegate`/`user.delegate` xattr), if any. */
  delegationMark?: (dir: string) => string | undefined;
}

/**
 * The delegated cgroup v2 directory the judge may use: `explicit` (the env variable), or this
 * process's own group when it is delegated to us (systemd `Delegate=yes`, a container's cgroup
 * namespace). Throws saying what is missing and how to get it.
 */
export function findDelegatedGroup(opts: FindOptions = {}): string {
  const mountRoot = opts.mountRoot ?? '/sys/fs/cgroup';
  let dir = opts.explicit;
  if (!dir) {
    if (!existsSync(join(mountRoot, 'cgroup.controllers')))
      throw new Error(`${mountRoot} is not a cgroup v2 mount (the host uses cgroup v1)`);
    const own = (opts.procSelfCgroup ?? readFileSync('/proc/self/cgroup', 'utf8'))
      .split('\n')
      .find((l) => l.startsWith('0::'));
    if (!own) throw new Error('this process has no cgroup v2 group (/proc/self/cgroup has no "0::" line)');
    const path = own.slice(3) || '/';
    dir = path === '/' ? mountRoot : join(mountRoot, path);
    // Only the hierarchy's real root lacks cgroup.type; a container's cgroup namespace root has it.
    if (existsSync(join(dir, 'cgroup.controllers')) && !existsSync(join(dir, 'cgroup.type'))) {
      throw new Error(
        `this process is in the root cgroup of the v2 hierarchy (${dir}), which is never delegated (its kernel threads cannot move): ${HOW_TO_DELEGATE}`,
      );
    }
    // Root may write every group, so writable says nothing: systemd marks what it delegates. The
    // root of a cgroup namespace (a container's own group) is the container's to manage.
    const root = opts.root ?? process.geteuid?.() === 0;
    if (root && path !== '/' && (opts.delegationMark ?? (() => undefined))(dir) !== '1') {
      throw new Error(
        `as root every group is writable, and ${dir} is not marked as delegated (no trusted.delegate or user.delegate xattr, which systemd sets with Delegate=yes): systemd manages it; ${HOW_TO_DELEGATE}`,
      );
    }
  }
  if (!existsSync(join(dir, 'cgroup.controllers'))) throw new Error(`${dir} is not a cgroup v2 group`);
  const available = words(read(dir, 'cgroup.controllers'));
  const missing = NEEDED.filter((c) => !available.includes(c));
  if (missing.length)
    throw new Error(
      `the ${missing.join(' and ')} controller${missing.length > 1 ? 's are' : ' is'} not available in ${dir} (the parent must enable ${missing.map((c) => `+${c}`).join(' ')} in its cgroup.subtree_control)`,
    );
  for (const file of ['cgroup.procs', 'cgroup.subtree_control']) {
    try {
      accessSync(join(dir, file), constants.W_OK);
    } catch {
      throw new Error(
        `${join(dir, file)} is not writable: ${dir} is not delegated to this user (systemd: Delegate=yes, or systemd-run --user --scope -p Delegate=yes; or set ${CGROUP2_ENV} to a group you own)`,
      );
    }
  }
  return dir;
}

/** systemd's delegation mark on `dir` (xattr `trusted.delegate`, or `user.delegate`), read with `python`; undefined if none. */
export function delegationXattr(python: string, dir: string): string | undefined {
  const script =
    'import os, sys\nfor name in ("trusted.delegate", "user.delegate"):\n    try:\n        print(os.getxattr(sys.argv[1], name).decode()); break\n    except OSError:\n        pass';
  const r = spawnSync(python, ['-I', '-c', script, dir], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { PATH: '/usr/bin:/bin' },
  });
  return r.stdout?.trim() || undefined;
}

/**
 * Makes `dir` able to hold slot groups: cgroup v2 lets a group with processes in it ("internal
 * processes") have no controllers enabled for its children, so its processes (this worker, when
 * `dir` is its own group) move to a leaf `frontier-main` first; then memory and pids are enabled
 * for the children. Throws saying which step failed and what to do.
 */
export function prepareDelegatedGroup(dir: string): void {
  const procs = words(read(dir, 'cgroup.procs'));
  if (procs.length > 0) {
    const leaf = join(dir, 'frontier-main');
    try {
      mkdirSync(leaf, { recursive: true });
    } catch (err) {
      throw new Error(`cannot make ${leaf} (${codeOf(err)}): ${HOW_TO_DELEGATE}`);
    }
    for (const pid of procs) {
      try {
        writeFileSync(join(leaf, 'cgroup.procs'), pid);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') continue; // exited meanwhile
        throw new Error(
          `cannot move process ${pid} out of ${dir} into ${leaf} (${codeOf(err)}): the group holds processes that are not the judge's to move (kernel threads, another user's, a threaded group); ${HOW_TO_DELEGATE}`,
        );
      }
    }
  }
  const enabled = words(read(dir, 'cgroup.subtree_control'));
  const add = NEEDED.filter((c) => !enabled.includes(c));
  if (!add.length) return;
  try {
    writeFileSync(join(dir, 'cgroup.subtree_control'), add.map((c) => `+${c}`).join(' '));
  } catch (err) {
    throw new Error(
      `cannot enable ${add.map((c) => `+${c}`).join(' ')} in ${join(dir, 'cgroup.subtree_control')} (${codeOf(err)}): ${HOW_TO_DELEGATE}`,
    );
  }
}

/** One slot's group under the prepared `dir`: no swap, and an OOM kill takes the whole test. */
export function createSlotCgroup2(dir: string, name: string): string {
  const group = join(dir, name);
  mkdirSync(group, { recursive: true });
  for (const [file, value] of [
    ['memory.swap.max', '0'],
    ['memory.oom.group', '1'],
  ] as const) {
    if (existsSync(join(group, file))) writeFileSync(join(group, file), value);
  }
  return group;
}
