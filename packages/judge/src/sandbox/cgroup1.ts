import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Cgroup1Parents {
  memory: string;
  pids: string;
}

/** The cgroup v1 directory of this process for a controller, e.g. /sys/fs/cgroup/memory/x; throws saying what is missing. */
export function currentCgroup1(
  controller: 'memory' | 'pids',
  mountRoot = '/sys/fs/cgroup',
  procSelfCgroup = readFileSync('/proc/self/cgroup', 'utf8'),
): string {
  const line = procSelfCgroup.split('\n').find((l) => l.split(':')[1]?.split(',').includes(controller));
  if (!line) throw new Error(`no cgroup v1 ${controller} controller (the host mounts cgroup v2 only)`);
  const dir = join(mountRoot, controller, line.split(':')[2] ?? '/');
  if (!existsSync(join(dir, 'cgroup.procs')))
    throw new Error(`the cgroup v1 ${controller} hierarchy is not mounted at ${dir}`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new Error(`${dir} is not writable: cgroup v1 needs root`);
  }
  return dir;
}

/** Creates (or reuses) the memory and pids groups of one slot under `parents`. */
export function createSlotCgroup1(parents: Cgroup1Parents, name: string): Cgroup1Parents {
  const groups = { memory: join(parents.memory, name), pids: join(parents.pids, name) };
  mkdirSync(groups.memory, { recursive: true });
  mkdirSync(groups.pids, { recursive: true });
  // No swap for the program: memsw may be absent when swap accounting is off.
  try {
    writeFileSync(join(groups.memory, 'memory.swappiness'), '0');
  } catch {
    /* not every kernel lets a child group set it; harmless */
  }
  return groups;
}
