// Throughput benchmark on LiveCodeBench's own workload: three workloads written as benchmark
// files and judged as `frontier judge --all-tests` judges them, next to two baselines run in the
// same rounds: LiveCodeBench's strategy (a process per sample, tests exec'd inside it, no
// isolation) and plain spawn (a python3 per test). Phases alternate round by round (ABBA): the
// machine's speed drifts by +-15% within minutes on a shared VM. Then the figures for big inputs
// and outputs (big.ts). Run inside test/contain.sh: `npm run bench -w @frontier/judge`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LCB_PRELUDE, LCB_PROCESS_SETTINGS } from '../../src/lcb';
import { bigSection } from './big';
import { parseFlags } from './flags';
import { judgePhase, type JudgedTest } from './judge-phase';
import { lcbPhase } from './lcb-baseline';
import { heapChoice, heapChoiceLine, loadAverage, pageCosts, pageCostsLine } from './machine';
import { agreement, printSummary, printWorkload, roundLine, type Round, type WorkloadFigures } from './report';
import { spawnPhase } from './spawn-baseline';
import { buildWorkload, type Shape } from './workload';
import { functionalWorkload } from './workload-functional';
import { plainWorkload } from './workload-plain';
import { preludeWorkload } from './workload-prelude';

const SHAPE: Shape = { problems: 20, samples: 10, tests: 10 };
// Plain spawn runs one sample in SPAWN_EVERY: a process per test is the slow side.
const SPAWN_EVERY = 10;
const SPECS = { a: preludeWorkload, b: functionalWorkload, c: plainWorkload };

const flags = parseFlags(process.argv.slice(2));
// The reference judge: cgroup1 beside the backend compared with it (--backend), else what auto picks.
const settings = {
  workers: flags.workers,
  namespaceScope: flags.namespaceScope,
  pinSlots: flags.pinSlots,
  backend: flags.backend ? ('cgroup1' as const) : ('auto' as const),
};
const dir = mkdtempSync(join(tmpdir(), 'frontier-judge-bench-'));
const options = [
  `network, IPC and mount namespaces per ${flags.namespaceScope}`,
  flags.pinSlots ? '' : 'slots not pinned',
  flags.backend ? `${flags.backend} beside cgroup1` : '',
].filter(Boolean);
console.log(
  `judge bench: ${flags.workers} workers${options.length ? ` (${options.join(', ')})` : ''}, ${flags.rounds} rounds, ${availableParallelism()} cores; load average before: ${loadAverage()}`,
);

try {
  // The judge forks a process per test, the LCB strategy one per sample: what a page costs a fresh
  // process decides much of their ratio, and it drifts on a VM (before and after the rounds); so
  // does whether a slot's template copies its arenas and data into each test (huge_heap.h).
  console.log(pageCostsLine(pageCosts(dir)));
  console.log(heapChoiceLine(heapChoice(dir)));
  const figures: WorkloadFigures[] = [];
  for (const key of flags.workloads) {
    if (key === 'big') continue;
    const spec = SPECS[key];
    const w = await buildWorkload({ ...spec, seed: 1000 + key.charCodeAt(0) }, SHAPE, dir);
    // LiveCodeBench runs its prelude before every program (and raises Python's limit on digits
    // once per process); our format has neither.
    const prelude = spec.format === 'lcb' ? `${LCB_PRELUDE}${LCB_PROCESS_SETTINGS}` : '';
    console.log(
      `\n(${key}) ${spec.title}: ${SHAPE.problems} problems x ${SHAPE.samples} samples x ${SHAPE.tests} tests, 1 sample in ${SHAPE.samples} wrong; load average ${loadAverage()}`,
    );
    const rounds: Round[] = [];
    const judged: JudgedTest[] = [];
    const lcbCpuMs: number[] = [];
    for (let r = 0; r < flags.rounds; r++) {
      const samples = w.samples(r);
      // Judge first in even rounds, last in odd ones, so that a drift weighs on every side alike.
      let j, o, l, s;
      const order = ['judge', 'other', 'lcb', 'spawn'].filter((p) => p !== 'other' || flags.backend);
      for (const phase of r % 2 === 0 ? order : order.reverse()) {
        if (phase === 'judge') j = await judgePhase(w.benchmark, samples, w.samples(-1 - r).slice(0, 2), settings);
        else if (phase === 'other')
          o = await judgePhase(w.benchmark, samples, w.samples(-1 - r).slice(0, 2), {
            ...settings,
            backend: flags.backend,
          });
        else if (phase === 'lcb') l = await lcbPhase(w.benchmark, samples, prelude, flags.workers);
        else s = await spawnPhase(w.benchmark, samples, flags.workers, SPAWN_EVERY, dir);
      }
      if (!j || !l || !s || (flags.backend && !o)) throw new Error('bench: a phase did not run');
      judged.push(...j.tests);
      lcbCpuMs.push(...l.cpuMs);
      const other = o && {
        backend: o.backend,
        phase: o.phase,
        vsJudge: agreement(o.tests, new Map(j.tests.map((t) => [t.key, t.verdict]))),
      };
      rounds.push({
        judge: j.phase,
        judgeBackend: j.backend,
        lcb: l.phase,
        spawn: s.phase,
        vsLcb: agreement(j.tests, l.verdicts),
        vsSpawn: agreement(j.tests, s.verdicts),
        ...(other && { other }),
      });
      console.log(roundLine(rounds.at(-1)!, r, flags.rounds));
    }
    figures.push(printWorkload(key, rounds, judged, lcbCpuMs, flags.workers, availableParallelism()));
  }
  if (flags.workloads.includes('big')) await bigSection(settings, dir);
  printSummary(figures);
  console.log(`after the rounds, ${pageCostsLine(pageCosts(dir))}`);
  console.log(`after the rounds, ${heapChoiceLine(heapChoice(dir))}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
