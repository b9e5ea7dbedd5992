// Throughput benchmark: many short Python tests through the judge with the default number of
// workers, against the naive baseline (`python3 prog.py < input` spawned one by one with the
// same concurrency). Run inside test/contain.sh: `npm run bench -w @frontier/judge`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, createJudge, parseBenchmark, type Sample, type Verdict } from '../src/index';

const PYTHON = '/usr/bin/python3';
// Flags: --workers N (default: cores), --shared-network (one empty netns per slot), --no-pin
// (slots not pinned to CPUs).
const arg = (name: string) => process.argv.indexOf(name);
const workers = arg('--workers') > 0 ? Number(process.argv[arg('--workers') + 1]) : availableParallelism();
const freshNetwork = arg('--shared-network') < 0;
const pinSlots = arg('--no-pin') < 0;
const PROBLEMS = 20;
const TESTS = 10;
const SAMPLES_PER_PROBLEM = 11;

// Small programs, small inputs: each problem's tests are "n numbers -> one answer".
const kinds = [
  { solve: (xs: number[]) => xs.reduce((a, b) => a + b, 0), code: 'n=int(input())\nxs=list(map(int,input().split()))\nprint(sum(xs))' },
  { solve: (xs: number[]) => Math.max(...xs), code: 'n=int(input())\nxs=list(map(int,input().split()))\nprint(max(xs))' },
  { solve: (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!, code: 'n=int(input())\nxs=sorted(map(int,input().split()))\nprint(xs[n//2])' },
  { solve: (xs: number[]) => new Set(xs).size, code: 'input()\nprint(len(set(input().split())))' },
];
const wrong = 'n=int(input())\nprint(n)';

let seed = 42;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);

const problems = [];
const samples: Sample[] = [];
for (let p = 0; p < PROBLEMS; p++) {
  const kind = kinds[p % kinds.length]!;
  const tests = Array.from({ length: TESTS }, (_, t) => {
    const xs = Array.from({ length: 5 + rand(40) }, () => rand(1000));
    return { input: `${xs.length}\n${xs.join(' ')}\n`, output: `${kind.solve(xs)}\n`, tier: 1 + (t >> 2) };
  });
  problems.push({ id: `p${p}`, tests });
  for (let s = 0; s < SAMPLES_PER_PROBLEM; s++) {
    // Distinct sources (a comment) so that deduplication does not hide work; 1 in 11 is wrong.
    samples.push({ id: `p${p}-s${s}`, problemId: `p${p}`, language: 'python', code: `# sample ${s}\n${s === 0 ? wrong : kind.code}\n` });
  }
}
const benchmark = parseBenchmark(JSON.stringify({ problems }), 'bench');

// Busy fraction of all cores over an interval, from /proc/stat (idle + iowait vs total).
const cpuTimes = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
};
const busy = (a: { idle: number; total: number }, b: { idle: number; total: number }) => 1 - (b.idle - a.idle) / (b.total - a.total);
const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const dir = mkdtempSync(join(tmpdir(), 'frontier-judge-bench-'));
try {
  // Judge: every test of every sample.
  const judge = createJudge({ workers, freshNetwork, pinSlots, log: (m) => console.error(m) });
  await judge.judgeSamples(benchmark, samples.slice(0, 2)); // warm the slots
  const c0 = cpuTimes();
  const n0 = process.cpuUsage();
  const t0 = performance.now();
  const results = await judge.judgeSamples(benchmark, samples, { allTests: true });
  const judgeMs = performance.now() - t0;
  const judgeBusy = busy(c0, cpuTimes());
  const nodeCpu = process.cpuUsage(n0);
  await judge.close();
  const records = results.flatMap((r) => r.tests.map((t) => ({ sample: r.id, ...t })));

  // Baseline: the same programs and inputs, one python3 process per test, same concurrency.
  const baselineSamples = samples.filter((_, i) => i % 4 === 0);
  const jobs = baselineSamples.flatMap((s) => benchmark.problems.get(s.problemId)!.tests.map((t, index) => ({ s, t, index })));
  const progPaths = new Map(baselineSamples.map((s, i) => {
    const path = join(dir, `prog${i}.py`);
    writeFileSync(path, s.code);
    return [s.id, path];
  }));
  const baseline = new Map<string, Verdict>();
  const c1 = cpuTimes();
  const t1 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < jobs.length) {
      const { s, t, index } = jobs[next++]!;
      const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(PYTHON, [progPaths.get(s.id)!], { stdio: ['pipe', 'pipe', 'ignore'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
        child.stdin.end(t.input);
      });
      baseline.set(`${s.id}#${index}`, code !== 0 ? 'RE' : checkOutput({ mode: 'tokens' }, out, t.output) ? 'AC' : 'WA');
    }
  }));
  const baseMs = performance.now() - t1;
  const baseBusy = busy(c1, cpuTimes());

  let agree = 0;
  let compared = 0;
  for (const r of records) {
    const b = baseline.get(`${r.sample}#${r.index}`);
    if (!b) continue;
    compared++;
    if (b === r.verdict) agree++;
  }
  const overhead = records.map((r) => r.wallMs - r.cpuMs).sort((a, b) => a - b);
  const q = (p: number) => overhead[Math.min(overhead.length - 1, Math.floor(p * overhead.length))]!;
  const judgeRate = (records.length / judgeMs) * 1000;
  const baseRate = (jobs.length / baseMs) * 1000;
  const cpu = records.reduce((a, r) => a + r.cpuMs, 0) / records.length;
  const flags = [freshNetwork ? '' : 'shared network namespace per slot', pinSlots ? '' : 'slots not pinned'].filter(Boolean);
  console.log(`workers                 ${workers}${flags.length ? ` (${flags.join(', ')})` : ''}; load average before: ${loadBefore}`);
  console.log(`judge                   ${records.length} tests in ${(judgeMs / 1000).toFixed(2)} s = ${judgeRate.toFixed(0)} tests/s`);
  console.log(`baseline (python3 p.py) ${jobs.length} tests in ${(baseMs / 1000).toFixed(2)} s = ${baseRate.toFixed(0)} tests/s`);
  console.log(`cores busy              judge ${(100 * judgeBusy).toFixed(0)}%, baseline ${(100 * baseBusy).toFixed(0)}% (whole machine)`);
  console.log(`speed-up                ${(judgeRate / baseRate).toFixed(2)}x`);
  console.log(`verdict agreement       ${agree}/${compared} (${((100 * agree) / compared).toFixed(1)}%)`);
  console.log(`program CPU per test    mean ${cpu.toFixed(2)} ms`);
  console.log(`judge CPU per test      whole machine ${((availableParallelism() * judgeMs * judgeBusy) / records.length).toFixed(2)} ms (Node ${((nodeCpu.user + nodeCpu.system) / 1000 / records.length).toFixed(2)} ms)`);
  console.log(`isolation overhead      (supervisor wall - program CPU) median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms`);
  console.log(`                        (end to end: workers x wall / tests - CPU) ${((workers * judgeMs) / records.length - cpu).toFixed(2)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
