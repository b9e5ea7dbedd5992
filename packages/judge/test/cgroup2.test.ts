// The cgroup2 backend's control-file logic against a temporary directory laid out as a delegated
// cgroup v2 group: the build machines mount cgroup v1 only, so the kernel side is not run here.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JudgeSetupError } from '../src/errors';
import { resolveBackend } from '../src/sandbox/backend';
import { createSlotCgroup2, findDelegatedGroup, prepareDelegatedGroup } from '../src/sandbox/cgroup2';

const RUNTIME = join(import.meta.dirname, '..', 'runtime');
const PYTHON = '/usr/bin/python3';

let root: string;
const group = (dir: string, files: Record<string, string>) => {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};
const delegated = (extra: Record<string, string> = {}) =>
  group(join(root, 'user.slice', 'judge.service'), {
    'cgroup.controllers': 'cpu io memory pids\n',
    'cgroup.type': 'domain\n',
    'cgroup.procs': '',
    'cgroup.subtree_control': '',
    ...extra,
  });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'frontier-cgroup2-'));
  group(root, { 'cgroup.controllers': 'cpu io memory pids\n' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findDelegatedGroup', () => {
  it("finds this process's own group from /proc/self/cgroup's 0:: line", () => {
    const dir = delegated();
    expect(findDelegatedGroup({ mountRoot: root, procSelfCgroup: '0::/user.slice/judge.service\n', root: false })).toBe(
      dir,
    );
  });

  it('refuses the root cgroup of the hierarchy (0::/ outside a cgroup namespace), saying how to get a group', () => {
    group(root, { 'cgroup.procs': '1\n2\n', 'cgroup.subtree_control': '' });
    expect(() => findDelegatedGroup({ mountRoot: root, procSelfCgroup: '0::/\n', root: true })).toThrow(
      /this process is in the root cgroup of the v2 hierarchy .* never delegated .*Delegate=yes.*FRONTIER_JUDGE_CGROUP/,
    );
  });

  it("takes a cgroup namespace's root (a container's own group, 0::/ with cgroup.type) as its own, also as root", () => {
    group(root, { 'cgroup.type': 'domain\n', 'cgroup.procs': '1\n', 'cgroup.subtree_control': '' });
    expect(findDelegatedGroup({ mountRoot: root, procSelfCgroup: '0::/\n', root: true })).toBe(root);
  });

  it('as root, takes its own group only when systemd marked it delegated: writable says nothing for root', () => {
    const dir = delegated();
    const own = { mountRoot: root, procSelfCgroup: '0::/user.slice/judge.service\n' };
    expect(() => findDelegatedGroup({ ...own, root: true, delegationMark: () => undefined })).toThrow(
      /as root every group is writable, and .*judge\.service is not marked as delegated \(no trusted\.delegate or user\.delegate xattr.*Delegate=yes/,
    );
    expect(findDelegatedGroup({ ...own, root: true, delegationMark: (d) => (d === dir ? '1' : undefined) })).toBe(dir);
    // An explicit group is the admin's word; an unprivileged user can only write what was delegated.
    expect(findDelegatedGroup({ explicit: dir, root: true, delegationMark: () => undefined })).toBe(dir);
    expect(findDelegatedGroup({ ...own, root: false, delegationMark: () => undefined })).toBe(dir);
  });

  it('takes the group named by the env variable', () => {
    const dir = delegated();
    expect(findDelegatedGroup({ explicit: dir, mountRoot: join(root, 'nowhere') })).toBe(dir);
  });

  it('says the host is cgroup v1 when the mount has no cgroup.controllers', () => {
    expect(() => findDelegatedGroup({ mountRoot: join(root, 'user.slice'), procSelfCgroup: '0::/\n' })).toThrow(
      /not a cgroup v2 mount/,
    );
  });

  it('names a missing controller and how the parent enables it', () => {
    const dir = delegated({ 'cgroup.controllers': 'cpu memory\n' });
    expect(() => findDelegatedGroup({ explicit: dir })).toThrow(/the pids controller is not available .*\+pids/);
  });

  it.skipIf(process.getuid?.() === 0)('says how to delegate when the group is not writable', () => {
    const dir = delegated();
    chmodSync(join(dir, 'cgroup.procs'), 0o444);
    expect(() => findDelegatedGroup({ explicit: dir })).toThrow(/not delegated to this user .*Delegate=yes/);
  });
});

describe('prepareDelegatedGroup and createSlotCgroup2', () => {
  it("moves the group's own processes to a leaf, then enables memory and pids for the children", () => {
    const dir = delegated({ 'cgroup.procs': '4242\n4343\n' });
    prepareDelegatedGroup(dir);
    // A plain file keeps the last write: the kernel's cgroup.procs takes one pid per write.
    expect(readFileSync(join(dir, 'frontier-main', 'cgroup.procs'), 'utf8')).toBe('4343');
    expect(readFileSync(join(dir, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
  });

  it('enables only what is missing, and moves nothing from an empty group', () => {
    const dir = delegated({ 'cgroup.subtree_control': 'memory\n' });
    prepareDelegatedGroup(dir);
    expect(readFileSync(join(dir, 'cgroup.subtree_control'), 'utf8')).toBe('+pids');
    expect(() => readFileSync(join(dir, 'frontier-main', 'cgroup.procs'))).toThrow();
  });

  it('says which step failed and what to do when a process cannot be moved, never a bare errno', () => {
    const dir = delegated({ 'cgroup.procs': '4242\n' });
    mkdirSync(join(dir, 'frontier-main', 'cgroup.procs'), { recursive: true }); // a write fails (EISDIR) as the kernel's EINVAL would
    expect(() => prepareDelegatedGroup(dir)).toThrow(
      /cannot move process 4242 out of .*judge\.service into .*frontier-main \(EISDIR\): .*kernel threads.*Delegate=yes/,
    );
  });

  it('says so when the controllers cannot be enabled for the children', () => {
    const dir = delegated();
    rmSync(join(dir, 'cgroup.subtree_control'));
    symlinkSync('/proc/version', join(dir, 'cgroup.subtree_control')); // readable, refuses writes (even root's)
    expect(() => prepareDelegatedGroup(dir)).toThrow(
      /cannot enable \+memory \+pids in .*cgroup\.subtree_control \((EIO|EACCES)\): .*Delegate=yes/,
    );
  });

  it('makes a slot group with no swap and whole-test OOM kills where the kernel has the files', () => {
    const dir = delegated();
    group(join(dir, 'slot-0'), { 'memory.swap.max': 'max\n', 'memory.oom.group': '0\n' });
    expect(createSlotCgroup2(dir, 'slot-0')).toBe(join(dir, 'slot-0'));
    expect(readFileSync(join(dir, 'slot-0', 'memory.swap.max'), 'utf8')).toBe('0');
    expect(readFileSync(join(dir, 'slot-0', 'memory.oom.group'), 'utf8')).toBe('1');
    expect(createSlotCgroup2(dir, 'slot-1')).toBe(join(dir, 'slot-1')); // without swap accounting: no file, no write
  });
});

// A v2 host as this process would see it, for resolveBackend: the mount, /proc/self/cgroup, root.
const v2Host = (procSelfCgroup: string, extra: { delegationMark?: (dir: string) => string | undefined } = {}) => ({
  cgroupMount: root,
  procSelfCgroup,
  root: true,
  ...extra,
});
const rootlessWorks =
  spawnSync(PYTHON, ['-I', join(RUNTIME, 'probe_userns.py')], { encoding: 'utf8' }).stdout?.trim() === 'ok';

describe('resolveBackend on a cgroup v2 host', () => {
  it('refuses cgroup2 by name in the root cgroup or in a group systemd did not delegate, with advice', () => {
    group(root, { 'cgroup.procs': '1\n2\n', 'cgroup.subtree_control': '' });
    const attempt = (host: ReturnType<typeof v2Host>) => () => resolveBackend('cgroup2', PYTHON, {}, host);
    expect(attempt(v2Host('0::/\n'))).toThrow(JudgeSetupError);
    expect(attempt(v2Host('0::/\n'))).toThrow(
      /^the cgroup2 judge backend cannot run here: this process is in the root cgroup/,
    );
    delegated();
    expect(attempt(v2Host('0::/user.slice/judge.service\n', { delegationMark: () => undefined }))).toThrow(
      /^the cgroup2 judge backend cannot run here: as root every group is writable/,
    );
  });

  it('prepares the group when it resolves: a group that cannot be prepared is refused there, not at the first slot', () => {
    const dir = delegated({ 'cgroup.procs': '4242\n' });
    mkdirSync(join(dir, 'frontier-main', 'cgroup.procs'), { recursive: true });
    expect(() => resolveBackend('cgroup2', PYTHON, { FRONTIER_JUDGE_CGROUP: dir }, v2Host('0::/\n'))).toThrow(
      /^the cgroup2 judge backend cannot run here: cannot move process 4242/,
    );
    rmSync(join(dir, 'frontier-main'), { recursive: true });
    const setup = resolveBackend('cgroup2', PYTHON, { FRONTIER_JUDGE_CGROUP: dir }, v2Host('0::/\n'));
    expect(setup.backend).toBe('cgroup2');
    expect(readFileSync(join(dir, 'frontier-main', 'cgroup.procs'), 'utf8')).toBe('4242');
    expect(readFileSync(join(dir, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
  });

  it.skipIf(!rootlessWorks)('auto falls through to rootless, saying why not cgroup2', () => {
    group(root, { 'cgroup.procs': '1\n2\n', 'cgroup.subtree_control': '' });
    const inRoot = resolveBackend('auto', PYTHON, {}, v2Host('0::/\n'));
    expect(inRoot.backend).toBe('rootless');
    expect(inRoot.reason).toMatch(
      /not cgroup1: no cgroup v1 memory controller .*; not cgroup2: this process is in the root cgroup/,
    );
    delegated();
    const undelegated = resolveBackend(
      'auto',
      PYTHON,
      {},
      v2Host('0::/user.slice/judge.service\n', { delegationMark: () => undefined }),
    );
    expect(undelegated.backend).toBe('rootless');
    expect(undelegated.reason).toMatch(/not cgroup2: as root every group is writable/);
    expect(existsSync(join(root, 'user.slice', 'judge.service', 'frontier-main'))).toBe(false); // nothing moved
  });
});

describe('cgroup2 without root', () => {
  it.skipIf(!rootlessWorks)(
    "runs its slots in a user namespace of their own, as rootless's: the sandbox's namespaces need one",
    () => {
      const dir = delegated();
      const unprivileged = resolveBackend('cgroup2', PYTHON, { FRONTIER_JUDGE_CGROUP: dir }, { root: false });
      expect(unprivileged.reason).toMatch(/, in an unprivileged user namespace$/);
      expect(unprivileged.slot(0, 'unprivileged')).toEqual({
        backend: 'cgroup2',
        cgroup: { dir: join(dir, 'unprivileged-0') },
        userNamespace: true,
      });
      const asRoot = resolveBackend('cgroup2', PYTHON, { FRONTIER_JUDGE_CGROUP: dir }, { root: true });
      expect(asRoot.slot(0, 'root')).toEqual({
        backend: 'cgroup2',
        cgroup: { dir: join(dir, 'root-0') },
        userNamespace: false,
      });
    },
  );

  it('is refused where user namespaces do not work, saying so', () => {
    const dir = delegated();
    expect(() =>
      resolveBackend('cgroup2', '/nonexistent/python3', { FRONTIER_JUDGE_CGROUP: dir }, { root: false }),
    ).toThrow(
      /^the cgroup2 judge backend cannot run here: as an unprivileged user, cgroup2 also needs user namespaces: \/nonexistent\/python3 could not run the namespace probe/,
    );
    expect(
      resolveBackend('cgroup2', '/nonexistent/python3', { FRONTIER_JUDGE_CGROUP: dir }, { root: true }).backend,
    ).toBe('cgroup2');
  });
});

describe('the supervisor after each test (runtime/zygote.py)', () => {
  const slot = (extra: Record<string, string>) =>
    group(join(root, 'slot-0'), {
      'memory.max': 'max\n',
      'memory.events': '',
      'memory.current': '0\n',
      'pids.max': 'max\n',
      'pids.current': '0\n',
      'cgroup.procs': '',
      ...extra,
    });
  // Opens the slot's files as the supervisor does, then does what it does after a test.
  const afterTest = (dir: string) => {
    const script =
      'import sys; sys.path.insert(0, sys.argv[1]); import zygote\ncg = zygote.open_cgroup_files({"backend": "cgroup2", "cgroup": {"dir": sys.argv[2]}})\nzygote.kill_test_group(cg)';
    const r = spawnSync(PYTHON, ['-I', '-B', '-c', script, RUNTIME, dir], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  };

  it('writes 1 to cgroup.kill, killing what is left of the test in one go, where the kernel has it', () => {
    const dir = slot({ 'cgroup.kill': '' });
    afterTest(dir);
    expect(readFileSync(join(dir, 'cgroup.kill'), 'utf8')).toBe('1');
  });

  it('does without it before Linux 5.14 (the pid namespace kill alone)', () => {
    const dir = slot({});
    afterTest(dir);
    expect(existsSync(join(dir, 'cgroup.kill'))).toBe(false);
  });
});
