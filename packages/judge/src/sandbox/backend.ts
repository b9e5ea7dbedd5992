// Which sandbox backend a judge runs with (README, "Sandbox backends"): `auto` takes the strongest
// that works here, cgroup1, then cgroup2, then rootless, and says why; an explicit choice that
// cannot work fails with what is missing and how to enable it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeSetupError } from '../errors';
import type { BackendChoice, SandboxBackend } from '../types';
import { createSlotCgroup1, currentCgroup1 } from './cgroup1';
import { CGROUP2_ENV, createSlotCgroup2, delegationXattr, findDelegatedGroup, prepareDelegatedGroup } from './cgroup2';

/**
 * What one slot's supervisor is given (runtime/zygote.py: `backend`, `cgroup`, `userNamespace`).
 * In a user namespace of its own (rootless; cgroup2 when not root) the supervisor is root there,
 * with what it needs for its namespaces, and programs keep that namespace's only user.
 */
export type SlotSandbox =
  | { backend: 'cgroup1'; cgroup: { memory: string; pids: string }; userNamespace: false }
  | { backend: 'cgroup2'; cgroup: { dir: string }; userNamespace: boolean }
  | { backend: 'rootless'; cgroup: null; userNamespace: true };

export interface BackendSetup {
  backend: SandboxBackend;
  /** Why this backend, in a line (logged). */
  reason: string;
  /** Makes slot i's sandbox (its cgroups); `tag` names this judge's groups. */
  slot(i: number, tag: string): SlotSandbox;
  /** Removes what slot() made, once every supervisor has exited. */
  remove(sandbox: SlotSandbox): void;
}

/** Where the backends look at this machine; tests point them at a temporary directory. */
export interface HostView {
  /** Where the cgroup hierarchies are mounted (default /sys/fs/cgroup). */
  cgroupMount?: string;
  /** This process's /proc/self/cgroup. */
  procSelfCgroup?: string;
  /** Whether this process is root (default: its effective uid is 0). */
  root?: boolean;
  /** A v2 group's delegation mark (default: its systemd xattr). */
  delegationMark?: (dir: string) => string | undefined;
}

const PROBE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'runtime', 'probe_userns.py');

function cgroup1(host: HostView): BackendSetup {
  const parents = {
    memory: currentCgroup1('memory', host.cgroupMount, host.procSelfCgroup),
    pids: currentCgroup1('pids', host.cgroupMount, host.procSelfCgroup),
  };
  return {
    backend: 'cgroup1',
    reason: `root with cgroup v1 memory and pids controllers (${parents.memory}, ${parents.pids})`,
    slot: (i, tag) => ({ backend: 'cgroup1', cgroup: createSlotCgroup1(parents, `${tag}-${i}`), userNamespace: false }),
    remove: (s) => s.cgroup && 'memory' in s.cgroup && [s.cgroup.memory, s.cgroup.pids].forEach(removeGroup),
  };
}

function cgroup2(env: NodeJS.ProcessEnv, python: string, host: HostView): BackendSetup {
  const dir = findDelegatedGroup({
    explicit: env[CGROUP2_ENV] || undefined,
    mountRoot: host.cgroupMount,
    procSelfCgroup: host.procSelfCgroup,
    root: host.root,
    delegationMark: host.delegationMark ?? ((d) => delegationXattr(python, d)),
  });
  // Without root the sandbox's mount namespaces and set-up need a user namespace, as rootless's.
  const userNamespace = !(host.root ?? process.geteuid?.() === 0);
  if (userNamespace) probeUserNamespaces(python, 'as an unprivileged user, cgroup2 also needs user namespaces');
  // Here, not at the first slot: a group that cannot be prepared makes `auto` try the next backend.
  prepareDelegatedGroup(dir);
  return {
    backend: 'cgroup2',
    reason: `delegated cgroup v2 group ${dir} with the memory and pids controllers${userNamespace ? ', in an unprivileged user namespace' : ''}`,
    slot: (i, tag) => ({ backend: 'cgroup2', cgroup: { dir: createSlotCgroup2(dir, `${tag}-${i}`) }, userNamespace }),
    remove: (s) => s.cgroup && 'dir' in s.cgroup && removeGroup(s.cgroup.dir),
  };
}

/** Throws (with advice, after `why`) unless the sandbox's unprivileged namespaces work here (runtime/probe_userns.py). */
function probeUserNamespaces(python: string, why?: string): void {
  const r = spawnSync(python, ['-I', PROBE], { encoding: 'utf8', timeout: 20_000, env: { PATH: '/usr/bin:/bin' } });
  const out = (r.stdout ?? '').trim();
  const prefix = why ? `${why}: ` : '';
  if (!out)
    throw new Error(
      `${prefix}${python} could not run the namespace probe (${r.error?.message ?? (r.stderr?.trim() || `exit ${r.status}`)})`,
    );
  if (out !== 'ok') throw new Error(`${prefix}${rootlessAdvice(out)}`);
}

function rootless(python: string, host: HostView): BackendSetup {
  probeUserNamespaces(python);
  const root = host.root ?? process.geteuid?.() === 0;
  return {
    backend: 'rootless',
    reason: `unprivileged user, mount, pid, ipc and network namespaces work${root ? '; as root the process limit (RLIMIT_NPROC) does not bind: prefer cgroup1 or cgroup2' : ''}`,
    slot: () => ({ backend: 'rootless', cgroup: null, userNamespace: true }),
    remove: () => {},
  };
}

const sysctl = (name: string): string | undefined => {
  try {
    return readFileSync(`/proc/sys/${name.replaceAll('.', '/')}`, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** What to do about a failed step of runtime/probe_userns.py ("STEP ERRNO"). */
export function rootlessAdvice(
  failure: string,
  read: (name: string) => string | undefined = sysctl,
  inContainer = existsSync('/.dockerenv') || existsSync('/run/.containerenv'),
): string {
  const [step = '', code = ''] = failure.split(' ');
  const hints: string[] = [];
  if (step === 'user' || step === 'uid_map') {
    if (read('user.max_user_namespaces') === '0')
      hints.push('user namespaces are disabled: sysctl -w user.max_user_namespaces=15000');
    if (read('kernel.unprivileged_userns_clone') === '0')
      hints.push('unprivileged user namespaces are disabled: sysctl -w kernel.unprivileged_userns_clone=1');
    if (read('kernel.apparmor_restrict_unprivileged_userns') === '1')
      hints.push(
        "AppArmor restricts unprivileged user namespaces (Ubuntu 23.10+): sysctl -w kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile that allows userns for the judge's python3",
      );
  }
  if (inContainer) {
    if (step === 'proc')
      hints.push('the container masks parts of /proc: run it with --security-opt systempaths=unconfined');
    else
      hints.push(
        "the container's seccomp or AppArmor profile refuses namespaces: run it with --security-opt seccomp=unconfined --security-opt apparmor=unconfined (or a seccomp profile that allows unshare, clone with namespace flags, mount, umount2, pivot_root and setns)",
      );
  }
  if (hints.length === 0)
    hints.push(
      'check that unprivileged user namespaces are allowed on this machine (sysctl user.max_user_namespaces, kernel.unprivileged_userns_clone, kernel.apparmor_restrict_unprivileged_userns) and not refused by a seccomp filter',
    );
  return `unprivileged namespaces do not work here (${step || failure}${code ? `: ${code}` : ''}): ${hints.join('; ')}`;
}

/** Sets up `choice` (or, for auto, the strongest backend that works here); throws JudgeSetupError saying why none can run. */
export function resolveBackend(
  choice: BackendChoice,
  python: string,
  env: NodeJS.ProcessEnv = process.env,
  host: HostView = {},
): BackendSetup {
  const makers: Record<SandboxBackend, () => BackendSetup> = {
    cgroup1: () => cgroup1(host),
    cgroup2: () => cgroup2(env, python, host),
    rootless: () => rootless(python, host),
  };
  if (choice !== 'auto') {
    try {
      return makers[choice]();
    } catch (err) {
      throw new JudgeSetupError(`the ${choice} judge backend cannot run here: ${(err as Error).message}`);
    }
  }
  const refused: string[] = [];
  for (const backend of ['cgroup1', 'cgroup2', 'rootless'] as const) {
    try {
      const setup = makers[backend]();
      return { ...setup, reason: `${setup.reason}${refused.length ? ` (not ${refused.join('; not ')})` : ''}` };
    } catch (err) {
      refused.push(`${backend}: ${(err as Error).message}`);
    }
  }
  throw new JudgeSetupError(`no judge backend can run here:\n  ${refused.join('\n  ')}`);
}

/** Removes an empty cgroup directory, waiting out the kernel's brief EBUSY after its last process exits. */
function removeGroup(dir: string): void {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || attempt === 49) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
