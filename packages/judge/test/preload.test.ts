// The template process imports LiveCodeBench's prelude once for every test (runtime/template.py):
// a test must still behave as in a fresh python3 that ran the prelude. Each program here reports
// through its error stream (sys.exit(text) is RE, with the text in the test's detail) or prints
// "pristine" when it finds nothing a test before it could have left.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lcbStdinProgram } from '../src/lcb';
import type { SampleResult } from '../src/index';
import { canContain, runContained, type Outcome } from './fixtures/run-contained';

const lcb = (id: string, tests: { input: string; output: string }[], metadata = {}) => ({
  question_id: id,
  public_test_cases: JSON.stringify(
    tests.map((t) => ({ ...t, testtype: 'func_name' in metadata ? 'functional' : 'stdin' })),
  ),
  private_test_cases: '[]',
  metadata: JSON.stringify(metadata),
});
const times = (n: number, input = '21\n', output = 'pristine\n') =>
  Array.from({ length: n }, () => ({ input, output }));

// What every test reports: its random numbers (the module's generator and what `from random
// import *` bound), other sources of randomness, its str hash and the CPU its slot is pinned to.
const REPORT = `import json, os, random as _r, secrets, sys, tempfile, uuid
sys.exit(json.dumps([_r.random(), _r.getrandbits(64), next(tempfile._get_candidate_names()), str(uuid.uuid4()),
                     secrets.token_hex(8), hash("frontier"), sys.flags.hash_randomization, sorted(os.sched_getaffinity(0))]))`;

// Checks that nothing is left of what the same code did in an earlier test, then does it: mutates
// preloaded modules, the prelude's names in __main__, builtins, sys.modules, the environment.
const pristine = (recursionLimit: number) => `import builtins, collections, heapq, json, math, os, random, string, sys
problems = []
def check(ok, what):
    if not ok: problems.append(what)
check(math.pi == 3.141592653589793, "math.pi")
check(isinstance(collections.Counter, type), "collections.Counter")
check(json.dumps([1, "a"]) == '[1, "a"]', "json.dumps")
check(string.ascii_lowercase == "abcdefghijklmnopqrstuvwxyz", "string")
check(sys.modules.get("heapq") is heapq and heapq.heappush is not None, "sys.modules")
check(sys.getrecursionlimit() == ${recursionLimit}, "recursion limit %d" % sys.getrecursionlimit())
check(random.random() != random.Random(1).random(), "random.seed")
check(not hasattr(builtins, "leftover") and "leftover" not in globals(), "leftover names")
check("LEFTOVER" not in os.environ, "environ")
if "deque" in globals():
    check(deque is collections.deque and defaultdict is collections.defaultdict, "prelude names")
print("pristine" if not problems else " ".join(problems))
sys.stdout.flush()
math.pi = 3
collections.Counter = None
deque = defaultdict = None
json.dumps = lambda *a, **k: "x"
random.seed(1)
string.ascii_lowercase = "z"
builtins.leftover = leftover = 1
sys.modules["heapq"] = None
os.environ["LEFTOVER"] = "1"
sys.setrecursionlimit(10)
`;

// A functional solution that prints (discarded: the harness's /dev/null) and looks for what the
// harness was handed by the template.
const QUIET = `class Solution:
    def f(self, x: int) -> List:
        print("noise")
        return [x, "__frontier_sink" in globals(), sys.stdout.name, sys.stdout is stdout, sys.stdout.closed]`;

const reportOf = (
  t: SampleResult['tests'][number],
): [number, string, string, string, string, string, number, number[]] =>
  JSON.parse(t.detail!.trim().split('\n').pop()!);

describe.skipIf(!canContain)('preloaded template (contained)', () => {
  let dir: string;
  let first: Outcome;
  let second: Outcome;
  const byId = (o: Outcome, id: string) => o.results.find((r) => r.id === id)!;
  const divByZero = 'x = 1\ny = 1 // 0';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'frontier-judge-preload-'));
    const benchmark = [
      lcb('report', times(4)),
      lcb('pristine', times(3)),
      lcb('double', [{ input: '21\n', output: '42\n' }]),
      lcb('deep', [{ input: '', output: '20000\n' }]),
      lcb('doc', [{ input: '', output: 'None\n' }]),
      lcb('line', [{ input: '', output: '' }]),
      lcb('future', [{ input: '', output: '1\n' }]),
      lcb(
        'add',
        [
          { input: '[1, 2]\n3', output: '[4, 5]' },
          { input: '[]\n1', output: '[]' },
        ],
        { func_name: 'add' },
      ),
      lcb(
        'quiet',
        [1, 2].map((x) => ({ input: `${x}`, output: `[${x}, false, "/dev/null", true, false]` })),
        { func_name: 'f' },
      ),
      lcb('fds', times(2, '', '[0, 1, 2]\n')),
    ];
    // Two samples per program (a comment tells them apart): with 2 workers they go to both slots.
    const reports = ['a', 'b'].map((tag) => ({
      id: `report-${tag}`,
      problemId: 'report',
      language: 'python',
      code: `# ${tag}\n${REPORT}`,
    }));
    first = runContained(
      {
        benchmark,
        samples: [
          ...reports,
          { id: 'double', problemId: 'double', language: 'python', code: 'print(int(stdin.readline()) * 2)' },
          {
            id: 'deep',
            problemId: 'deep',
            language: 'python',
            code: 'def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\nprint(f(20000))',
          },
          {
            id: 'doc',
            problemId: 'doc',
            language: 'python',
            code: '"not a docstring: the prelude comes first"\nprint(__doc__)',
          },
          { id: 'line', problemId: 'line', language: 'python', code: divByZero },
          {
            id: 'future',
            problemId: 'future',
            language: 'python',
            code: 'from __future__ import annotations\nprint(1)',
          },
          {
            id: 'add',
            problemId: 'add',
            language: 'python',
            code: 'class Solution:\n    def add(self, a: List[int], b: int) -> List[int]:\n        return [x + b for x in a]',
          },
          { id: 'quiet', problemId: 'quiet', language: 'python', code: QUIET },
          {
            id: 'fds',
            problemId: 'fds',
            language: 'python',
            code: 'import os\nfd = os.open("/", os.O_RDONLY)\nprint([f for f in range(64) if f != fd and os.path.exists("/proc/self/fd/%d" % f)])',
          },
        ],
        allTests: true,
        workers: 2,
      },
      dir,
    );
    // One slot: each program runs after the one before it in the same template. In our format
    // the checker 'lcb' puts the prelude in front, the default one does not.
    const ours = (id: string, tests: { input: string; output: string }[], checker = 'lcb') => ({
      id,
      checker,
      tests: tests.map((t) => ({ ...t, tier: 1 })),
    });
    second = runContained(
      {
        benchmark: {
          problems: [ours('pristine', times(3)), ours('plain', times(3), 'tokens'), ours('report', times(4))],
        },
        samples: [
          { id: 'pristine-1', problemId: 'pristine', language: 'python', code: pristine(50000) },
          { id: 'plain', problemId: 'plain', language: 'python', code: pristine(1000) },
          { id: 'pristine-2', problemId: 'pristine', language: 'python', code: `# again\n${pristine(50000)}` },
          { id: 'report', problemId: 'report', language: 'python', code: REPORT },
        ],
        allTests: true,
        workers: 1,
      },
      dir,
    );
  }, 320_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every test its own random numbers, as a fresh python3 does', () => {
    const reports = [...['report-a', 'report-b'].map((id) => byId(first, id)), byId(second, 'report')].flatMap((r) =>
      r.tests.map(reportOf),
    );
    expect(reports).toHaveLength(12);
    for (let field = 0; field < 5; field++) {
      const values = reports.map((r) => r[field]);
      expect(new Set(values).size, `field ${field}: ${values.join(' ')}`).toBe(values.length);
    }
  });

  it('shares a str hash secret within a slot, and only there', () => {
    const hashes = (o: Outcome, id: string) => byId(o, id).tests.map((t) => reportOf(t));
    for (const [o, id] of [
      [first, 'report-a'],
      [first, 'report-b'],
      [second, 'report'],
    ] as const) {
      const rs = hashes(o, id);
      expect(
        rs.every((r) => r[6] === 1),
        'hash randomisation on',
      ).toBe(true);
      expect(new Set(rs.map((r) => r[5])).size, `${id}: one secret per template`).toBe(1);
    }
    // Another judge run, another template: another secret.
    expect(hashes(second, 'report')[0]![5]).not.toBe(hashes(first, 'report-a')[0]![5]);
    // The two slots of one run (told apart by the CPU they are pinned to) have their own.
    const [a, b] = [hashes(first, 'report-a')[0]!, hashes(first, 'report-b')[0]!];
    if (JSON.stringify(a[7]) !== JSON.stringify(b[7])) expect(a[5]).not.toBe(b[5]);
  });

  it('keeps what a test does to preloaded modules from the next test, of the same program or another', () => {
    for (const id of ['pristine-1', 'plain', 'pristine-2']) {
      const r = byId(second, id);
      expect(
        r.tests.map((t) => t.verdict),
        JSON.stringify(r),
      ).toEqual(['AC', 'AC', 'AC']);
    }
  });

  it('sends what a functional solution prints to /dev/null, and leaves no other program an extra descriptor', () => {
    // The first test compiles the program, the second loads the code the first one compiled.
    expect(
      byId(first, 'quiet').tests.map((t) => t.verdict),
      JSON.stringify(byId(first, 'quiet')),
    ).toEqual(['AC', 'AC']);
    // A stdin program finds only its three standard streams open, as under python3.
    expect(
      byId(first, 'fds').tests.map((t) => t.verdict),
      JSON.stringify(byId(first, 'fds')),
    ).toEqual(['AC', 'AC']);
  });

  it('runs the prelude as LiveCodeBench does: its names, recursion limit and line numbers', () => {
    for (const id of ['double', 'deep', 'doc', 'add'])
      expect(byId(first, id).verdict, JSON.stringify(byId(first, id))).toBe('AC');
    // A __future__ import after the prelude is a syntax error, as in the whole source.
    expect(byId(first, 'future').verdict).toBe('CE');
    const line = lcbStdinProgram(divByZero).split('\n').indexOf('y = 1 // 0') + 1;
    const r = byId(first, 'line');
    expect(r.verdict).toBe('RE');
    expect(r.tests[0]!.detail).toContain(`line ${line}, in <module>`);
  });
});
