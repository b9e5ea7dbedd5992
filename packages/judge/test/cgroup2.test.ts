// The cgroup2 backend's control-file logic against a temporary directory laid out as a delegated
// cgroup v2 group: the build machines mount cgroup v1 only, so the kernel side is not run here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlotCgroup2, findDelegatedGroup, prepareDelegatedGroup } from '../src/sandbox/cgroup2';

let root: string;
const group = (dir: string, files: Record<string, string>) => {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};
const delegated = (extra: Record<string, string> = {}) =>
  group(join(root, 'user.slice', 'judge.service'), { 'cgroup.controllers': 'cpu io memory pids\n', 'cgroup.procs': '', 'cgroup.subtree_control': '', ...extra });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'frontier-cgroup2-'));
  group(root, { 'cgroup.controllers': 'cpu io memory pids\n' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findDelegatedGroup', () => {
  it("finds this process's own group from /proc/self/cgroup's 0:: line", () => {
    const dir = delegated();
    expect(findDelegatedGroup({ mountRoot: root, procSelfCgroup: '0::/user.slice/judge.service\n' })).toBe(dir);
  });

  it('takes the group named by the env variable', () => {
    const dir = delegated();
    expect(findDelegatedGroup({ explicit: dir, mountRoot: join(root, 'nowhere') })).toBe(dir);
  });

  it('says the host is cgroup v1 when the mount has no cgroup.controllers', () => {
    expect(() => findDelegatedGroup({ mountRoot: join(root, 'user.slice'), procSelfCgroup: '0::/\n' })).toThrow(/not a cgroup v2 mount/);
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
  it('moves the group\'s own processes to a leaf, then enables memory and pids for the children', () => {
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

  it('makes a slot group with no swap and whole-test OOM kills where the kernel has the files', () => {
    const dir = delegated();
    group(join(dir, 'slot-0'), { 'memory.swap.max': 'max\n', 'memory.oom.group': '0\n' });
    expect(createSlotCgroup2(dir, 'slot-0')).toBe(join(dir, 'slot-0'));
    expect(readFileSync(join(dir, 'slot-0', 'memory.swap.max'), 'utf8')).toBe('0');
    expect(readFileSync(join(dir, 'slot-0', 'memory.oom.group'), 'utf8')).toBe('1');
    expect(createSlotCgroup2(dir, 'slot-1')).toBe(join(dir, 'slot-1')); // without swap accounting: no file, no write
  });
});
