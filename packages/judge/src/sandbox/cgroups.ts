import { mkdirSync, readFileSync, rmdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface SlotCgroups {
  memory: string;
  pids: string;
}

/** The cgroup v1 directory of this process for a controller, e.g. /sys/fs/cgroup/memory/x. */
export function currentCgroup(controller: 'memory' | 'pids', mountRoot = '/sys/fs/cgroup'): string {
  const line = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[1]?.split(',').includes(controller));
  if (!line) throw new Error(`no cgroup v1 ${controller} controller in /proc/self/cgroup (cgroup v1 is required)`);
  const dir = join(mountRoot, controller, line.split(':')[2] ?? '/');
  if (!existsSync(join(dir, 'cgroup.procs'))) throw new Error(`cgroup v1 ${controller} hierarchy not mounted at ${dir}`);
  return dir;
}

/** Creates (or reuses) the memory and pids groups of one slot under `parents`. */
export function createSlotCgroups(parents: SlotCgroups, name: string): SlotCgroups {
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

/** Removes a slot's groups; they are empty once its supervisor has exited. */
export function removeSlotCgroups(groups: SlotCgroups): void {
  for (const dir of [groups.memory, groups.pids]) {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        rmdirSync(dir);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') break;
        if (code !== 'EBUSY' || attempt === 49) throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      }
    }
  }
}
