// The cgroup2 backend's control-file logic: finding a delegated subtree, preparing it and making
// one group per slot. Kept apart from the kernel so that its tests can run against a temporary
// directory (test/cgroup2.test.ts) on machines that mount cgroup v1 only.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CGROUP2_ENV = 'FRONTIER_JUDGE_CGROUP';
const NEEDED = ['memory', 'pids'] as const;

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The delegated cgroup v2 directory the judge may use: `explicit` (the env variable), or this
 * process's own group when it is delegated to us (systemd `Delegate=yes`, a container's cgroup
 * namespace). Throws saying what is missing and how to get it.
 */
export function findDelegatedGroup(opts: { explicit?: string; mountRoot?: string; procSelfCgroup?: string } = {}): string {
  const mountRoot = opts.mountRoot ?? '/sys/fs/cgroup';
  let dir = opts.explicit;
  if (!dir) {
    if (!existsSync(join(mountRoot, 'cgroup.controllers'))) throw new Error(`${mountRoot} is not a cgroup v2 mount (the host uses cgroup v1)`);
    const own = (opts.procSelfCgroup ?? readFileSync('/proc/self/cgroup', 'utf8')).split('\n').find((l) => l.startsWith('0::'));
    if (!own) throw new Error('this process has no cgroup v2 group (/proc/self/cgroup has no "0::" line)');
    dir = join(mountRoot, own.slice(3));
  }
  if (!existsSync(join(dir, 'cgroup.controllers'))) throw new Error(`${dir} is not a cgroup v2 group`);
  const available = words(read(dir, 'cgroup.controllers'));
  const missing = NEEDED.filter((c) => !available.includes(c));
  if (missing.length) throw new Error(`the ${missing.join(' and ')} controller${missing.length > 1 ? 's are' : ' is'} not available in ${dir} (the parent must enable ${missing.map((c) => `+${c}`).join(' ')} in its cgroup.subtree_control)`);
  for (const file of ['cgroup.procs', 'cgroup.subtree_control']) {
    try {
      accessSync(join(dir, file), constants.W_OK);
    } catch {
      throw new Error(`${join(dir, file)} is not writable: ${dir} is not delegated to this user (systemd: Delegate=yes, or systemd-run --user --scope -p Delegate=yes; or set ${CGROUP2_ENV} to a group you own)`);
    }
  }
  return dir;
}

/**
 * Makes `dir` able to hold slot groups: cgroup v2 lets a group with processes in it ("internal
 * processes") have no controllers enabled for its children, so its processes (this worker, when
 * `dir` is its own group) move to a leaf `frontier-main` first; then memory and pids are enabled
 * for the children.
 */
export function prepareDelegatedGroup(dir: string): void {
  const procs = words(read(dir, 'cgroup.procs'));
  if (procs.length > 0) {
    const leaf = join(dir, 'frontier-main');
    mkdirSync(leaf, { recursive: true });
    for (const pid of procs) {
      try {
        writeFileSync(join(leaf, 'cgroup.procs'), pid);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err; // exited meanwhile
      }
    }
  }
  const enabled = words(read(dir, 'cgroup.subtree_control'));
  const add = NEEDED.filter((c) => !enabled.includes(c));
  if (add.length) writeFileSync(join(dir, 'cgroup.subtree_control'), add.map((c) => `+${c}`).join(' '));
}

/** One slot's group under the prepared `dir`: no swap, and an OOM kill takes the whole test. */
export function createSlotCgroup2(dir: string, name: string): string {
  const group = join(dir, name);
  mkdirSync(group, { recursive: true });
  for (const [file, value] of [['memory.swap.max', '0'], ['memory.oom.group', '1']] as const) {
    if (existsSync(join(group, file))) writeFileSync(join(group, file), value);
  }
  return group;
}
