// Choosing a sandbox backend: what an explicit choice that cannot work says, and the advice for a
// machine where unprivileged namespaces are refused.
import { describe, expect, it } from 'vitest';
import { JudgeSetupError } from '../src/errors';
import { resolveBackend, rootlessAdvice } from '../src/sandbox/backend';

describe('rootlessAdvice', () => {
  const sysctls = (values: Record<string, string>) => (name: string) => values[name];

  it('names the sysctl that disables user namespaces', () => {
    expect(rootlessAdvice('user EPERM', sysctls({ 'kernel.unprivileged_userns_clone': '0' }), false)).toMatch(
      /user: EPERM.*kernel\.unprivileged_userns_clone=1/,
    );
    expect(rootlessAdvice('user ENOSPC', sysctls({ 'user.max_user_namespaces': '0' }), false)).toMatch(
      /user\.max_user_namespaces=15000/,
    );
  });

  it("names Ubuntu's AppArmor restriction", () => {
    expect(
      rootlessAdvice('uid_map EPERM', sysctls({ 'kernel.apparmor_restrict_unprivileged_userns': '1' }), false),
    ).toMatch(/apparmor_restrict_unprivileged_userns=0/);
  });

  it("names a container's seccomp profile and masked /proc", () => {
    expect(rootlessAdvice('namespaces EPERM', sysctls({}), true)).toMatch(/seccomp=unconfined/);
    expect(rootlessAdvice('proc EPERM', sysctls({}), true)).toMatch(/systempaths=unconfined/);
  });
});

describe('resolveBackend', () => {
  it('refuses an explicit cgroup2 where no delegated v2 group exists, saying why (this machine mounts cgroup v1)', () => {
    expect(() =>
      resolveBackend('cgroup2', '/usr/bin/python3', { FRONTIER_JUDGE_CGROUP: '/nonexistent/group' }),
    ).toThrow(JudgeSetupError);
    expect(() =>
      resolveBackend('cgroup2', '/usr/bin/python3', { FRONTIER_JUDGE_CGROUP: '/nonexistent/group' }),
    ).toThrow(/the cgroup2 judge backend cannot run here: \/nonexistent\/group is not a cgroup v2 group/);
  });

  it('refuses rootless with a python that cannot run the probe', () => {
    expect(() => resolveBackend('rootless', '/nonexistent/python3')).toThrow(/could not run the namespace probe/);
  });
});
