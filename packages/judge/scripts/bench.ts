// Throughput benchmark: many short Python tests through the judge with the default number of
// workers, against the naive baseline (`python3 prog.py < input` spawned one by one with the
// same concurrency), in alternating rounds: the baseline alone moves by +-15% between runs on a
// shared VM, so one baseline phase next to one judge phase makes a noisy ratio. Run inside
// test/contain.sh: `npm run bench -w @frontier/judge`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Verdict } from '@frontier/core';
import { checkOutput, createJudge, parseBenchmark, type Sample } from '../src/index';

const PYTHON = '/usr/bin/python3';
// Flags: --workers N (default: cores), --rounds N (judge and baseline phases alternate N times,
// default 3), --shared-network (one empty netns per slot), --no-pin (slots not pinned to CPUs).
const arg = (name: string) => process.argv.indexOf(name);
const count = (name: string, fallback: number): number => {
  if (arg(name) < 0) return fallback;
  const text = process.argv[arg(name) + 1];
  if (!text || !/^[1-9][0-9]*$/.test(text)) {
    console.error(`bench: ${name} needs a whole number >= 1, got ${text === undefined ? 'nothing' : JSON.stringify(text)}`);
    process.exit(2);
  }
  return Number(text);
};
const workers = count('--workers', availableParallelism());
const ROUNDS = count('--rounds', 3);
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
const codes: { problemId: string; code: string }[] = [];
for (let p = 0; p < PROBLEMS; p++) {
  const kind = kinds[p % kinds.length]!;
  const tests = Array.from({ length: TESTS }, (_, t) => {
    const xs = Array.from({ length: 5 + rand(40) }, () => rand(1000));
    return { input: `${xs.length}\n${xs.join(' ')}\n`, output: `${kind.solve(xs)}\n`, tier: 1 + (t >> 2) };
  });
  problems.push({ id: `p${p}`, tests });
  for (let s = 0; s < SAMPLES_PER_PROBLEM; s++) codes.push({ problemId: `p${p}`, code: s === 0 ? wrong : kind.code });
}
const benchmark = parseBenchmark(JSON.stringify({ problems }), 'bench');
// Distinct sources in every round (a comment) so that neither deduplication nor any cache hides
// work; 1 in 11 is wrong.
const samplesOf = (round: number): Sample[] =>
  codes.map(({ problemId, code }, i) => ({ id: `${problemId}-s${i % SAMPLES_PER_PROBLEM}`, problemId, language: 'python', code: `# round ${round} sample ${i}\n${code}\n` }));

// Busy fraction of all cores over an interval, from /proc/stat (idle + iowait vs total).
const cpuTimes = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
};
const busy = (a: { idle: number; total: number }, b: { idle: number; total: number }) => 1 - (b.idle - a.idle) / (b.total - a.total);
const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const dir = mkdtempSync(join(tmpdir(), 'frontier-judge-bench-'));

interface Phase { tests: number; ms: number; busy: number }

/** Every test of every sample through a fresh judge (warmed up first, outside the timing). */
async function judgePhase(samples: Sample[]) {
  const judge = createJudge({ workers, freshNetwork, pinSlots, log: (m) => console.error(m) });
  try {
    await judge.judgeSamples(benchmark, samplesOf(-1).slice(0, 2)); // start and warm the slots
    const c0 = cpuTimes();
    const n0 = process.cpuUsage();
    const t0 = performance.now();
    const results = await judge.judgeSamples(benchmark, samples, { allTests: true });
    const ms = performance.now() - t0;
    const phase: Phase = { tests: 0, ms, busy: busy(c0, cpuTimes()) };
    const nodeCpu = process.cpuUsage(n0);
    const records = results.flatMap((r) => r.tests.map((t) => ({ sample: r.id, ...t })));
    phase.tests = records.length;
    return { phase, records, nodeCpuMs: (nodeCpu.user + nodeCpu.system) / 1000 };
  } finally {
    await judge.close();
  }
}

/** The same programs and inputs (one sample in four), one python3 process per test, same concurrency. */
async function baselinePhase(samples: Sample[]) {
  const picked = samples.filter((_, i) => i % 4 === 0);
  const jobs = picked.flatMap((s) => benchmark.problems.get(s.problemId)!.tests.map((t, index) => ({ s, t, index })));
  const progPaths = new Map(picked.map((s, i) => {
    const path = join(dir, `prog${i}.py`);
    writeFileSync(path, s.code);
    return [s.id, path];
  }));
  const verdicts = new Map<string, Verdict>();
  const c0 = cpuTimes();
  const t0 = performance.now();
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
      verdicts.set(`${s.id}#${index}`, code !== 0 ? 'RE' : checkOutput({ mode: 'tokens' }, out, t.output) ? 'AC' : 'WA');
    }
  }));
  const ms = performance.now() - t0;
  return { phase: { tests: jobs.length, ms, busy: busy(c0, cpuTimes()) } as Phase, verdicts };
}

const rate = (p: Phase) => (p.tests / p.ms) * 1000;
const sum = (phases: Phase[]) => phases.reduce((a, p) => ({ tests: a.tests + p.tests, ms: a.ms + p.ms, busy: a.busy + p.busy * p.ms }), { tests: 0, ms: 0, busy: 0 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

try {
  const judged: Phase[] = [];
  const base: Phase[] = [];
  const ratios: number[] = [];
  const allRecords: { wallMs: number; cpuMs: number }[] = [];
  let agree = 0;
  let compared = 0;
  let nodeCpuMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const samples = samplesOf(round);
    // ABBA order (judge first in even rounds) so that a drift in the machine's speed during the
    // run weighs on both sides alike.
    let j: Awaited<ReturnType<typeof judgePhase>>;
    let b: Awaited<ReturnType<typeof baselinePhase>>;
    if (round % 2 === 0) {
      j = await judgePhase(samples);
      b = await baselinePhase(samples);
    } else {
      b = await baselinePhase(samples);
      j = await judgePhase(samples);
    }
    judged.push(j.phase);
    base.push(b.phase);
    nodeCpuMs += j.nodeCpuMs;
    allRecords.push(...j.records);
    let roundAgree = 0;
    let roundCompared = 0;
    for (const r of j.records) {
      const v = b.verdicts.get(`${r.sample}#${r.index}`);
      if (!v) continue;
      roundCompared++;
      if (v === r.verdict) roundAgree++;
    }
    agree += roundAgree;
    compared += roundCompared;
    ratios.push(rate(j.phase) / rate(b.phase));
    console.log(`round ${round + 1}/${ROUNDS}  judge ${rate(j.phase).toFixed(0)} tests/s (${j.phase.tests} tests, ${(100 * j.phase.busy).toFixed(0)}% busy)  baseline ${rate(b.phase).toFixed(0)} tests/s (${b.phase.tests} tests, ${(100 * b.phase.busy).toFixed(0)}% busy)  ${ratios.at(-1)!.toFixed(2)}x  agreement ${roundAgree}/${roundCompared}`);
  }
  const J = sum(judged);
  const B = sum(base);
  const overhead = allRecords.map((r) => r.wallMs - r.cpuMs).sort((a, b) => a - b);
  const q = (p: number) => overhead[Math.min(overhead.length - 1, Math.floor(p * overhead.length))]!;
  const cpu = allRecords.reduce((a, r) => a + r.cpuMs, 0) / allRecords.length;
  const flags = [freshNetwork ? '' : 'shared network namespace per slot', pinSlots ? '' : 'slots not pinned'].filter(Boolean);
  console.log(`workers                 ${workers}${flags.length ? ` (${flags.join(', ')})` : ''}; load average before: ${loadBefore}`);
  console.log(`judge                   ${J.tests} tests in ${(J.ms / 1000).toFixed(2)} s = ${rate(J).toFixed(0)} tests/s`);
  console.log(`baseline (python3 p.py) ${B.tests} tests in ${(B.ms / 1000).toFixed(2)} s = ${rate(B).toFixed(0)} tests/s`);
  console.log(`cores busy              judge ${((100 * J.busy) / J.ms).toFixed(0)}%, baseline ${((100 * B.busy) / B.ms).toFixed(0)}% (whole machine)`);
  console.log(`speed-up                ${(rate(J) / rate(B)).toFixed(2)}x (all rounds pooled); per round ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ')}, median ${median(ratios).toFixed(2)}x`);
  console.log(`verdict agreement       ${agree}/${compared} (${((100 * agree) / compared).toFixed(1)}%)`);
  console.log(`program CPU per test    mean ${cpu.toFixed(2)} ms`);
  console.log(`judge CPU per test      whole machine ${((availableParallelism() * J.busy) / J.tests).toFixed(2)} ms (Node ${(nodeCpuMs / J.tests).toFixed(2)} ms)`);
  console.log(`isolation overhead      (supervisor wall - program CPU) median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms`);
  console.log(`                        (end to end: workers x wall / tests - CPU) ${((workers * J.ms) / J.tests - cpu).toFixed(2)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
