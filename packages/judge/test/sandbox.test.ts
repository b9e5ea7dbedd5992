// Runs known and hostile programs through the real sandbox. The judge itself runs in a child
// process wrapped by test/contain.sh (its own pid namespace and capped cgroups), so a bug in
// the sandbox can only harm what that child started.
import { chmodSync, existsSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostile, known, SECRET_ENV, SECRET_FILE_TEXT } from './fixtures/programs';
import {
  canCgroup2,
  canCgroup2AsNobody,
  canContain,
  canRootless,
  NOBODY,
  runContained,
  type Outcome,
} from './fixtures/run-contained';

const limits = { timeS: 0.5, memoryMib: 128, outputMib: 1, processes: 32 };
// For the memory bombs: a cap they reach well within the CPU limit even on a machine slow to fault
// pages in (filling 128 MiB took ~0.6 s of CPU on one build machine, so the bomb ended TLE first).
const tight = { ...limits, memoryMib: 48 };
const expectProblem = (id: string, output: string, l = limits) => ({
  id,
  limits: l,
  tests: [{ input: '', output, tier: 1 }],
});

// Every test runs for the cgroup v1 backend with the judge as root, and for the rootless backend
// with the judge as an unprivileged user (uid 65534, no capabilities, no groups). The cgroup2
// variants run only on a cgroup v2 host given a group for them (FRONTIER_TEST_CGROUP2, see
// fixtures/run-contained.ts): never on the build machines, which mount cgroup v1 only.
const variants = [
  { backend: 'cgroup1', asUser: undefined, can: canContain, name: 'cgroup1, judge as root' },
  { backend: 'rootless', asUser: NOBODY, can: canRootless, name: 'rootless, judge as uid 65534' },
  { backend: 'cgroup2', asUser: undefined, can: canCgroup2, name: 'cgroup2 on the kernel, judge as root' },
  {
    backend: 'cgroup2',
    asUser: NOBODY,
    can: canCgroup2AsNobody,
    name: 'cgroup2 on the kernel, judge as uid 65534 in a group delegated to it',
  },
] as const;

for (const { backend, asUser, can, name } of variants)
  describe.skipIf(!can)(`sandbox: ${name} (contained)`, () => {
    let dir: string;
    let outcome: Outcome;
    let writeTargets: string[];
    const byId = (id: string) => outcome.results.find((r) => r.id === id)!;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'frontier-judge-test-'));
      chmodSync(dir, 0o755); // the unprivileged judge reads its spec here
      const secretPath = join(dir, 'secret.txt');
      writeFileSync(secretPath, SECRET_FILE_TEXT);
      writeTargets = [
        '/etc/frontier-hostile',
        '/usr/frontier-hostile',
        join(dir, 'pwned'),
        '/var/tmp/frontier-hostile',
        '/root/frontier-hostile',
      ];
      const hostiles = hostile(secretPath, writeTargets);
      const samples = [];
      for (const language of ['python', 'cpp'] as const) {
        for (const [verdict, code] of Object.entries(known[language]))
          samples.push({
            id: `${language}-${verdict}`,
            problemId: verdict === 'MLE' ? 'sum-tight' : 'sum',
            language,
            code,
          });
        for (const [name, h] of Object.entries(hostiles[language]))
          samples.push({ id: `${language}-${name}`, problemId: h.problem, language, code: h.code });
      }
      const memory = (language: 'python' | 'cpp', mib: number) => ({
        id: `${language}-mem-${mib}`,
        problemId: 'expect-ok',
        language,
        code:
          language === 'python'
            ? `x = bytearray(${mib} << 20)\nprint("ok")`
            : `#include <vector>\n#include <cstdio>\nint main(){std::vector<char> v(${mib}u<<20, 1);printf("%s\\n", v[7] ? "ok" : "no");}`,
      });
      samples.push(memory('python', 0), memory('python', 100), memory('cpp', 0), memory('cpp', 100));
      // Other ways of reading and writing, and site's exit(); the second test runs the code as
      // compiled by the first (marshal data).
      samples.push({
        id: 'python-stdio-styles',
        problemId: 'sum',
        language: 'python',
        code: 'import sys\nd = sys.stdin.buffer.read().split()\nsys.stdout.buffer.write(b"%d\\n" % (int(d[0]) + int(d[1])))\nexit(0)',
      });
      // Files in /tmp are charged to the slot's memory cgroup: the second test must not count the first's.
      // (Writing the 40 MiB took ~0.56 s of CPU on a VM slow to fault pages in: a roomier limit.)
      samples.push({
        id: 'python-tmp-files',
        problemId: 'sum-roomy',
        language: 'python',
        code: 'open("/tmp/big", "wb").write(bytes(40 << 20))\na, b = map(int, input().split())\nprint(a + b)',
      });
      // Output too large to come back inline, and output that is not UTF-8: both through the file.
      samples.push({
        id: 'python-big-output',
        problemId: 'expect-big',
        language: 'python',
        code: 'print("x" * 100000)',
      });
      samples.push({
        id: 'python-bytes-output',
        problemId: 'expect-bytes',
        language: 'python',
        code: 'import sys\nsys.stdout.buffer.write(b"\\xff ok\\n")',
      });
      // Allocating until malloc returns NULL, then crashing on it or giving up: MLE under every
      // backend (rootless: the allocation shim's marker). Exiting 1 for another reason stays RE.
      const fill = 'char* p = (char*)malloc(1 << 20); if (!p) { FAIL } memset(p, 1, 1 << 20); n += p[n % (1 << 20)];';
      const untilNull = (fail: string) =>
        `#include <cstdlib>\n#include <cstring>\nint main(){ long n = 0; for (;;) { ${fill.replace('FAIL', fail)} } }`;
      samples.push({
        id: 'cpp-null-malloc-deref',
        problemId: 'sum-tight',
        language: 'cpp',
        code: untilNull('*(volatile char*)p = 1;'),
      });
      samples.push({
        id: 'cpp-null-malloc-exit',
        problemId: 'sum-tight',
        language: 'cpp',
        code: untilNull('return 1;'),
      });
      samples.push({
        id: 'cpp-exit-1',
        problemId: 'sum',
        language: 'cpp',
        code: '#include <cstdio>\n#include <cstdlib>\nint main(){ char* p = (char*)malloc(64); fprintf(stderr, "bad input %p\\n", (void*)p); free(p); return 1; }',
      });
      // The same code twice: judged once.
      samples.push({ id: 'python-AC-again', problemId: 'sum', language: 'python', code: known.python.AC });
      const benchmark = {
        problems: [
          ...[
            ['sum', limits],
            ['sum-tight', tight],
            ['sum-roomy', { ...limits, timeS: 3 }],
          ].map(([id, l]) => ({
            id,
            limits: l,
            tests: [
              { input: '1 2\n', output: '3\n', tier: 1 },
              { input: '40 2\n', output: '42\n', tier: 2 },
            ],
          })),
          expectProblem('expect-never', 'never', tight),
          expectProblem('expect-never-roomy', 'never', { ...limits, timeS: 2 }),
          ...['blocked', 'clean', '0', 'alive', 'bye'].map((o) => expectProblem(`expect-${o}`, o)),
          // Filling 100 MiB can take most of a second of CPU on a VM slow to fault pages in: a TLE
          // would stop the fill midway and the peak would read low.
          {
            id: 'expect-ok',
            limits: { ...limits, timeS: 5, memoryMib: 256 },
            tests: [{ input: '', output: 'ok', tier: 1 }],
          },
          expectProblem('expect-big', 'x'.repeat(100000)),
          expectProblem('expect-bytes', '\ufffd ok'),
        ],
      };
      outcome = runContained(
        { benchmark, samples, workers: 2, backend },
        dir,
        { FRONTIER_SECRET_TOKEN: SECRET_ENV, DATABASE_URL: `postgres://${SECRET_ENV}@x/db` },
        { asUser },
      );
    }, 160_000);

    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it(`runs every sample with the ${backend} backend and records it`, () => {
      expect(outcome.backend).toBe(backend);
      expect(new Set(outcome.results.map((r) => r.sandbox))).toEqual(new Set([backend]));
    });

    it(`the judge itself runs as ${asUser === undefined ? 'root' : `uid ${asUser} with no capabilities`}`, () => {
      expect(outcome.judgeIdentity.uid).toBe(asUser ?? 0);
      if (asUser === undefined) return;
      expect(outcome.judgeIdentity).toEqual({ uid: asUser, capEff: '0000000000000000', capBnd: '0000000000000000' });
      // As an unprivileged user the process limit binds: the backend says nothing about root.
      const chosen = outcome.logs.find((l) => l.startsWith('sandbox backend '));
      expect(chosen).toMatch(new RegExp(`^sandbox backend ${backend}: `));
      expect(chosen).not.toMatch(/as root/);
      if (backend === 'cgroup2') expect(chosen).toMatch(/in an unprivileged user namespace/);
    });

    for (const language of ['python', 'cpp'] as const) {
      for (const verdict of Object.keys(known[language])) {
        it(`${language}: the ${verdict} program gets ${verdict}`, () => {
          const r = byId(`${language}-${verdict}`);
          expect(r.verdict, JSON.stringify(r)).toBe(verdict);
          expect(r.coveragePassed).toBe(verdict === 'AC' ? 2 : 0);
          if (verdict === 'CE') expect(r.compileError).toBeTruthy();
          else expect(r.tests.length).toBe(verdict === 'AC' ? 2 : 1);
        });
      }
    }

    // One table for every backend: the same program gets the same verdict wherever it is judged.
    it('gives every hostile program its verdict, the same on every backend', () => {
      const hostiles = hostile('', []);
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const language of ['python', 'cpp'] as const) {
        for (const [name, h] of Object.entries(hostiles[language])) {
          got[`${language}-${name}`] = byId(`${language}-${name}`).verdict;
          want[`${language}-${name}`] = h.verdict;
        }
      }
      expect(got, JSON.stringify(outcome.results.filter((r) => got[r.id] !== want[r.id]))).toEqual(want);
    });

    it('says why a run counts as out of memory, in the detail of its MLE', () => {
      // Without a cgroup nothing is killed: the program's own sign says what ran out.
      const signs: Record<string, RegExp> = {
        'python-recursion': /^out of memory: (an mmap was refused|an allocation returned NULL)/,
        'python-caughtHugeAlloc': /^out of memory: an allocation returned NULL/,
        'cpp-caughtHugeAlloc': /^out of memory: an allocation returned NULL/,
        'cpp-recursion': /^out of memory: the stack could not grow/,
      };
      // A cgroup may see the limit first: its kill or failcnt is the sign there.
      const viaCgroup = /^out of memory: (killed at|the memory limit was reached)/;
      for (const [id, sign] of Object.entries(signs)) {
        const detail = byId(id).tests[0]!.detail;
        if (backend === 'rootless' || !viaCgroup.test(detail ?? '')) expect(detail, id).toMatch(sign);
      }
    });

    it('a C++ program whose malloc returns NULL, then crashes or exits 1, is MLE; exiting 1 for another reason is RE', () => {
      for (const id of ['cpp-null-malloc-deref', 'cpp-null-malloc-exit']) {
        const r = byId(id);
        expect(r.verdict, JSON.stringify(r)).toBe('MLE');
        expect(r.tests[0]!.detail).toMatch(/^out of memory: /);
      }
      const exit1 = byId('cpp-exit-1');
      expect(exit1.verdict, JSON.stringify(exit1)).toBe('RE');
      expect(exit1.tests[0]!.detail).toMatch(/^bad input 0x/);
    });

    it('leaks no secret, writes nothing outside the private directory, leaves no process', () => {
      expect(byId('python-secrets').verdict).toBe('AC'); // printed "clean"
      expect(byId('python-write').verdict).toBe('AC'); // printed 0
      for (const path of writeTargets) expect(existsSync(path), path).toBe(false);
      expect(outcome.strays).toEqual([]);
      expect(outcome.logs.filter((l) => /left \d+ process/.test(l))).toEqual([]);
      expect(outcome.logs.filter((l) => /IE/.test(l))).toEqual([]);
    });

    it("measures the program's own peak memory and CPU time", () => {
      for (const id of ['python-mem-0', 'python-mem-100', 'cpp-mem-100'])
        // (cpp-mem-0 reads past an empty vector)
        expect(byId(id).verdict, JSON.stringify(byId(id))).toBe('AC');
      const peak = (id: string) => byId(id).tests[0]!.peakKib / 1024;
      // A fresh python3 is about 10 MiB resident; the figure must not carry Node's or be inflated.
      expect(peak('python-mem-0')).toBeGreaterThan(4);
      expect(peak('python-mem-0')).toBeLessThan(20);
      expect(peak('python-mem-100') - peak('python-mem-0')).toBeGreaterThan(95);
      expect(peak('python-mem-100') - peak('python-mem-0')).toBeLessThan(110);
      expect(peak('cpp-mem-0')).toBeLessThan(8);
      expect(peak('cpp-mem-100')).toBeGreaterThan(100);
      expect(peak('cpp-mem-100')).toBeLessThan(112);
      const tle = byId('python-TLE').tests[0]!;
      expect(tle.cpuMs).toBeGreaterThan(50); // measured, not 0 (a loaded machine may wall-kill it early)
      expect(byId('cpp-AC').tests[0]!.cpuMs).toBeLessThan(100);
    });

    it('checks outputs that do not come back inline, and other ways of using stdio', () => {
      expect(byId('python-big-output').verdict).toBe('AC');
      expect(byId('python-bytes-output').verdict).toBe('AC');
      expect(byId('python-stdio-styles').verdict).toBe('AC');
    });

    it("does not carry a test's /tmp files into the next test's peak memory", () => {
      const r = byId('python-tmp-files');
      expect(r.verdict, JSON.stringify(r)).toBe('AC');
      // A memory cgroup charges tmpfs pages to the test; without one, /tmp is bounded by its size only.
      // (cgroup2 reads the group's peak only where Linux >= 6.12 can reset memory.peak per test.)
      if (backend === 'cgroup1') expect(r.tests[0]!.peakKib).toBeGreaterThan(40 << 10);
      expect(r.tests[1]!.peakKib).toBeLessThan(r.tests[0]!.peakKib + (8 << 10));
    });

    it('replaces a slot whose template process dies, and judges every test anyway', () => {
      // Each test sleeps 20 ms: 2 samples x 40 tests keep both slots busy well past the kill.
      const tests = Array.from({ length: 40 }, (_, i) => ({
        input: `${i} ${i}\n`,
        output: `${2 * i}\n`,
        tier: 1 + (i >> 3),
      }));
      const code = 'import time\ntime.sleep(0.02)\na, b = map(int, input().split())\nprint(a + b)';
      const run = runContained(
        {
          benchmark: { problems: [{ id: 'slow-sum', limits: { timeS: 1 }, tests }] },
          samples: [0, 1].map((i) => ({
            id: `s${i}`,
            problemId: 'slow-sum',
            language: 'python',
            code: `# ${i}\n${code}`,
          })),
          allTests: true,
          killTemplateAfterMs: 400,
          backend,
        },
        dir,
        {},
        { asUser },
      );
      expect(run.killed).toHaveLength(1);
      expect(
        run.logs.some((l) => /template process of this slot exited/.test(l)),
        run.logs.join('\n'),
      ).toBe(true);
      for (const r of run.results) {
        expect(
          r.tests.map((t) => t.verdict),
          r.id,
        ).toEqual(tests.map(() => 'AC'));
        expect(r.verdict).toBe('AC');
      }
      expect(run.strays, `killed ${run.killed}`).toEqual([]);
    });

    it("a sample's later tests, in the namespace its first test used, still have no network", () => {
      const h = hostile('', []).python.network;
      // Loopback is down in an empty namespace: connecting to our own listener on 127.0.0.1 fails
      // there (network unreachable), not on the host.
      const loopback = [
        'import socket',
        's = socket.socket()',
        's.bind(("127.0.0.1", 0))',
        's.listen()',
        'c = socket.socket()',
        'c.settimeout(0.3)',
        'try:',
        '    c.connect(s.getsockname()); print("up")',
        'except OSError:',
        '    print("down")',
      ].join('\n');
      // The program prints its network namespace; expected is the host's, so anything else is WA.
      const hostNet = readlinkSync('/proc/self/ns/net');
      const thrice = (id: string, output: string) => ({
        id,
        limits,
        tests: [1, 2, 3].map((i) => ({ input: `${i}\n`, output, tier: 1 })),
      });
      const run = runContained(
        {
          benchmark: {
            problems: [
              thrice('expect-blocked', 'blocked\n'),
              thrice('expect-down', 'down\n'),
              thrice('host-net', `${hostNet}\n`),
            ],
          },
          samples: [
            { id: 'network', problemId: 'expect-blocked', language: 'python', code: h.code },
            { id: 'loopback', problemId: 'expect-down', language: 'python', code: loopback },
            {
              id: 'netns',
              problemId: 'host-net',
              language: 'python',
              code: 'import os\nprint(os.readlink("/proc/self/ns/net"))',
            },
          ],
          allTests: true,
          workers: 1,
          backend,
        },
        dir,
        {},
        { asUser },
      );
      expect(
        run.results.map((r) => r.tests.map((t) => t.verdict)),
        JSON.stringify(run.results),
      ).toEqual([
        ['AC', 'AC', 'AC'],
        ['AC', 'AC', 'AC'],
        ['WA', 'WA', 'WA'],
      ]);
      expect(run.logs.filter((l) => /IE/.test(l))).toEqual([]);
    });

    it('a sample\'s tests share network and IPC namespaces, never another sample\'s; namespaceScope "test" gives each test its own', () => {
      // Each program finds out whether an earlier test left state in its namespace, then leaves some;
      // it prints "fresh" if nothing was there. Network: the namespace's count of packets sent with
      // no route (loopback is down). IPC: a SysV shared memory segment, which outlives its process.
      const net = (n: number) =>
        [
          `import socket  # sample ${n}`,
          'rows = [l.split() for l in open("/proc/net/snmp") if l.startswith("Ip:")]',
          'sent = int(rows[1][rows[0].index("OutNoRoutes")])',
          'try:',
          '    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1", 9))',
          'except OSError:',
          '    pass',
          'print("fresh" if sent == 0 else "used")',
        ].join('\n');
      const shm = (bytes: number, n: number) =>
        [
          `import ctypes  # sample ${n}`,
          'libc = ctypes.CDLL(None, use_errno=True)',
          'libc.shmat.restype = ctypes.c_void_p',
          `if libc.shmget(0x5eed, ${bytes}, 0) >= 0:`,
          '    print("used")',
          'else:',
          `    sid = libc.shmget(0x5eed, ${bytes}, 0o1600)`,
          '    p = libc.shmat(sid, None, 0)',
          `    ctypes.memset(p, 1, ${bytes})`,
          '    libc.shmdt(ctypes.c_void_p(p))',
          '    print("fresh")',
        ].join('\n');
      // Files in /tmp: a test that leaves some makes the next one start in new namespaces.
      const tmp = 'import os\nprint("used" if os.listdir("/tmp") else "fresh")\nopen("/tmp/x", "w").write("x")';
      // /proc: each test mounts its own over the sample's earlier ones (its pid namespace's), and
      // after 64 tests a sample goes on in new namespaces.
      const proc = 'print("fresh" if open("/proc/self/stat").read().split()[0] == "1" else "used")';
      const problem = {
        id: 'fresh',
        limits,
        tests: [1, 2, 3].map((i) => ({ input: `${i}\n`, output: 'fresh\n', tier: 1 })),
      };
      const many = {
        id: 'fresh-70',
        limits,
        tests: Array.from({ length: 70 }, (_, i) => ({ input: `${i}\n`, output: 'fresh\n', tier: 1 })),
      };
      const samples = [
        { id: 'net-1', code: net(1) },
        { id: 'net-2', code: net(2) },
        { id: 'ipc-1', code: shm(4096, 1) },
        { id: 'ipc-2', code: shm(4096, 2) },
        // 8 MiB left charged to the slot (over 4 MiB) makes the next test start in fresh namespaces.
        { id: 'ipc-big', code: shm(8 << 20, 3) },
        { id: 'tmp', code: tmp },
      ].map((x) => ({ ...x, problemId: 'fresh', language: 'python' }));
      samples.push({ id: 'proc', code: proc, problemId: 'fresh-70', language: 'python' });
      const verdicts = (o: Outcome) => Object.fromEntries(o.results.map((r) => [r.id, r.tests.map((t) => t.verdict)]));
      const shared = ['AC', 'WA', 'WA'];
      const perSample = runContained(
        { benchmark: { problems: [problem, many] }, samples, allTests: true, workers: 1, backend },
        dir,
        {},
        { asUser },
      );
      expect(verdicts(perSample), JSON.stringify(perSample.results)).toEqual({
        'net-1': shared,
        'net-2': shared,
        'ipc-1': shared,
        'ipc-2': shared,
        // Without a memory cgroup (rootless) nothing measures what a test left: its own later tests keep it.
        'ipc-big': backend === 'rootless' ? shared : ['AC', 'AC', 'AC'],
        tmp: ['AC', 'AC', 'AC'],
        proc: many.tests.map(() => 'AC'),
      });
      const perTest = runContained(
        {
          benchmark: { problems: [problem, many] },
          samples,
          allTests: true,
          workers: 1,
          backend,
          namespaceScope: 'test',
        },
        dir,
        {},
        { asUser },
      );
      expect(verdicts(perTest), JSON.stringify(perTest.results)).toEqual(
        Object.fromEntries(
          samples.map((x) => [x.id, x.id === 'proc' ? many.tests.map(() => 'AC') : ['AC', 'AC', 'AC']]),
        ),
      );
    });

    it('judges identical (code, test set) pairs once', () => {
      const again = byId('python-AC-again');
      expect(again.deduplicated).toBe(true);
      expect(again.tests).toEqual(byId('python-AC').tests);
    });
  });
