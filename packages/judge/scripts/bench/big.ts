// Costs a real problem brings that a short test hides: the judge's time beyond the program's
// own CPU for big stdin, big stdout and a functional test with big lists, next to what python3
// itself needs to read and parse the same bytes (timed inside Python, process_time).
import { createJudge, type Judge } from '../../src/index';
import type { JudgeSettings } from './judge-phase';
import { measured, PYTHON, run } from './machine';
import { detailTail } from './report';
import { buildWorkload, ints, lines, pyJson, type Kind, type Rand, type Workload } from './workload';

const TESTS = 3;

// Python's own cost for the bytes: split() as stdin programs read, json.loads as the harness does.
const PARSE = {
  split: 'import sys, time\nt = time.process_time()\nsys.stdin.read().split()\nprint((time.process_time() - t) * 1000)',
  json: 'import json, sys, time\nt = time.process_time()\n[json.loads(l) for l in sys.stdin.read().split("\\n") if l.strip()]\nprint((time.process_time() - t) * 1000)',
};

interface BigCase {
  kind: Kind;
  /** Which bytes Python parses for the reference column, and how. */
  parse: { of: 'input' | 'output'; how: keyof typeof PARSE };
}

const sumOf = (n: number, label: string): BigCase => ({
  kind: {
    title: `stdin: ${label} numbers in`,
    code: 'data = sys.stdin.read().split()\nprint(sum(map(int, data[1:])))',
    test: (rand: Rand) => {
      const xs = ints(rand, n, 0, 999_999);
      return { input: lines(n, xs.join(' ')), output: lines(xs.reduce((a, b) => a + b, 0)) };
    },
  },
  parse: { of: 'input', how: 'split' },
});

const countTo = (n: number, label: string): BigCase => ({
  kind: {
    title: `stdout: ${label} lines out`,
    code: 'n = int(input())\nprint("\\n".join(map(str, range(n))))',
    test: () => ({ input: lines(n), output: lines(Array.from({ length: n }, (_, i) => i).join('\n')) }),
  },
  parse: { of: 'output', how: 'split' },
});

const sortList: BigCase = {
  kind: {
    title: 'functional: 10^5 ints in and out',
    fnName: 'sortDesc',
    code: 'class Solution:\n    def sortDesc(self, nums: List[int]) -> List[int]:\n        return sorted(nums, reverse=True)',
    test: (rand: Rand) => {
      const xs = ints(rand, 100_000, 0, 999_999);
      return { input: pyJson(xs), output: pyJson([...xs].sort((a, b) => b - a)) };
    },
  },
  parse: { of: 'input', how: 'json' },
};

const CASES = [
  sumOf(200_000, '2*10^5'),
  sumOf(1_000_000, '10^6'),
  countTo(160_000, '1.6*10^5'),
  countTo(1_400_000, '1.4*10^6'),
  sortList,
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cols = (...cells: string[]) => cells.map((c) => c.padStart(13)).join('');
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** One case's row: its sample judged once to warm up (input files, slot), then measured. */
async function measureCase(judge: Judge, w: Workload, i: number, c: BigCase): Promise<string> {
  const problem = w.benchmark.problems.get(`big${i}`)!;
  const [warm, sample] = [-1, 0].map((round) => w.samples(round).find((s) => s.problemId === problem.id)!);
  await judge.judgeSamples(w.benchmark, [warm!], { allTests: true });
  const node0 = process.cpuUsage();
  const { result, ms: wall } = await measured(() => judge.judgeSamples(w.benchmark, [sample!], { allTests: true }));
  const node = process.cpuUsage(node0);
  const tests = result[0]!.tests;
  const bad = tests.find((t) => t.verdict !== 'AC');
  if (bad) console.log(`  ! ${c.kind.title}: verdicts ${tests.map((t) => t.verdict).join(' ')}${detailTail(bad)}`);
  const parse: number[] = [];
  for (const t of problem.tests)
    parse.push(Number((await run(PYTHON, ['-c', PARSE[c.parse.how]], t[c.parse.of])).stdout));
  const cpu = mean(tests.map((t) => t.cpuMs));
  const supervisorWall = mean(tests.map((t) => t.wallMs));
  const e2e = wall / tests.length;
  const nodeCpu = (node.user + node.system) / 1000 / tests.length;
  const name = `${c.kind.title} (${mb(Buffer.byteLength(problem.tests[0]![c.parse.of]))} ${c.parse.of})`;
  return `  ${name.padEnd(48)}${cols(ms(supervisorWall), ms(e2e), ms(cpu), ms(supervisorWall - cpu), ms(e2e - cpu), ms(nodeCpu), ms(median(parse)))} (${c.parse.how} of the ${c.parse.of})`;
}

export async function bigSection(settings: JudgeSettings, dir: string): Promise<void> {
  const w = await buildWorkload(
    { key: 'big', title: 'big', format: 'lcb', kinds: CASES.map((c) => c.kind), seed: 7 },
    { problems: CASES.length, samples: 1, tests: TESTS },
    dir,
  );
  console.log(
    `\nbig inputs and outputs (LCB format, ${TESTS} tests per case, one sample at a time, judged once before to warm up; means per test, python's median of ${TESTS})`,
  );
  console.log(
    `  ${'case'.padEnd(48)}${cols('judge wall', 'end to end', 'program CPU', 'wall - CPU', 'e2e - CPU', 'Node CPU', 'python parse')}`,
  );
  const judge = createJudge({ ...settings, log: (m) => console.error(m) });
  try {
    for (const [i, c] of CASES.entries()) console.log(await measureCase(judge, w, i, c));
  } finally {
    await judge.close();
  }
}
