// A test process must not outlive its supervisor. The supervisor dies with Node (its
// PR_SET_PDEATHSIG); a test is the supervisor's child (clone(CLONE_PARENT) in the template), and
// if nothing killed it, a program that sleeps would stay on the machine for good once Node is
// SIGKILLed mid-test (a crashed or killed worker), holding the slot's cgroups.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canContain, canRootless, NOBODY, specDir } from './fixtures/run-contained';

const testDir = dirname(fileURLToPath(import.meta.url));
const asNobody = `setpriv --reuid=${NOBODY} --regid=${NOBODY} --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs`;

// Inside contain.sh (its own pid namespace, so /proc shows only what this run started): start the
// judge, wait for the test process (the one process in a pid namespace of its own: two ids on
// its NSpid line), SIGKILL Node, and count the test processes left.
const script = (spec: string, prefix: string) => `set -u
tests() { cat /proc/[0-9]*/status 2>/dev/null | awk '/^NSpid:/ && NF > 2' | wc -l; }
${prefix} ${process.execPath} --import tsx ${join(testDir, 'fixtures', 'judge-run.ts')} ${spec} > /dev/null 2>&1 &
node=$!
for i in $(seq 1 300); do [ "$(tests)" -gt 0 ] && break; sleep 0.1; done
[ "$(tests)" -gt 0 ] || { echo 'no test process started'; exit 1; }
sleep 0.5
kill -9 $node
for i in $(seq 1 50); do [ "$(tests)" -eq 0 ] && break; sleep 0.1; done
echo "left: $(tests)"
`;

describe('test processes when Node dies mid-test (contained)', () => {
  const dir = specDir('frontier-judge-orphans-');

  const variants = [
    { backend: 'cgroup1', prefix: '', can: canContain },
    { backend: 'rootless', prefix: asNobody, can: canRootless },
  ] as const;
  for (const { backend, prefix, can } of variants) {
    it.skipIf(!can)(
      `leaves no test process behind (${backend})`,
      () => {
        const spec = join(dir(), `spec-${backend}.json`);
        const sleeper = 'import time\ntime.sleep(60)\nprint(1)';
        writeFileSync(
          spec,
          JSON.stringify({
            benchmark: {
              problems: [{ id: 'p', limits: { timeS: 30, wallS: 90 }, tests: [{ input: '', output: '1\n', tier: 1 }] }],
            },
            samples: [{ id: 's', problemId: 'p', language: 'python', code: sleeper }],
            workers: 1,
            backend,
          }),
          { mode: 0o644 },
        );
        const r = spawnSync(join(testDir, 'contain.sh'), ['bash', '-c', script(spec, prefix)], {
          cwd: join(testDir, '..'),
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(r.stdout.trim(), r.stderr).toBe('left: 0');
      },
      90_000,
    );
  }
});
