// Figures of a workload's rounds: rates, ratios pooled over the rounds (all tests over all time)
// and per round, verdict agreement, the judge's program CPU per test.
import type { TestRecord } from '../../src/index';
import type { JudgedTest } from './judge-phase';
import type { Phase } from './machine';

export interface Agreement {
  same: number;
  compared: number;
  /** A few of the tests where the verdicts differ, for a look. */
  examples: string[];
}

/** The judge with another backend (--backend), and its verdicts against the reference judge's. */
export interface OtherBackend {
  backend: string;
  phase: Phase;
  vsJudge: Agreement;
}

export interface Round {
  judge: Phase;
  judgeBackend: string;
  other?: OtherBackend;
  lcb: Phase;
  spawn: Phase;
  vsLcb: Agreement;
  vsSpawn: Agreement;
}

export const rate = (p: Phase): number => (p.tests / p.ms) * 1000;
const pooled = (ps: Phase[]): Phase => {
  const ms = ps.reduce((a, p) => a + p.ms, 0);
  return { tests: ps.reduce((a, p) => a + p.tests, 0), ms, busy: ps.reduce((a, p) => a + p.busy * p.ms, 0) / ms };
};
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const x2 = (x: number) => `${x.toFixed(2)}x`;
const agreed = (a: Agreement) => `${a.same}/${a.compared} (${((100 * a.same) / a.compared).toFixed(1)}%)`;

/** The last line of what the judge says about a test (an RE's exception, an IE's cause). */
export const detailTail = (t: TestRecord): string => (t.detail ? ` (${t.detail.trim().split('\n').at(-1)})` : '');

/** Judge verdicts against a baseline's, on the tests the baseline ran. */
export function agreement(judged: JudgedTest[], verdicts: Map<string, string>): Agreement {
  const out: Agreement = { same: 0, compared: 0, examples: [] };
  for (const t of judged) {
    const v = verdicts.get(t.key);
    if (v === undefined) continue;
    out.compared++;
    if (v === t.verdict) out.same++;
    else if (out.examples.length < 5) out.examples.push(`${t.key}: judge ${t.verdict}${detailTail(t)}, baseline ${v}`);
  }
  return out;
}

export function roundLine(r: Round, i: number, n: number): string {
  const ph = (name: string, p: Phase) => `${name} ${rate(p).toFixed(0)}/s (${p.tests}, ${pct(p.busy)})`;
  const other = r.other
    ? `  ${ph(r.other.backend, r.other.phase)}  ${r.other.backend}/${r.judgeBackend} ${x2(rate(r.other.phase) / rate(r.judge))}`
    : '';
  return `  round ${i + 1}/${n}  ${ph(`judge (${r.judgeBackend})`, r.judge)}${other}  ${ph('lcb', r.lcb)}  ${ph('spawn', r.spawn)}  judge/lcb ${x2(rate(r.judge) / rate(r.lcb))}  judge/spawn ${x2(rate(r.judge) / rate(r.spawn))}`;
}

export interface WorkloadFigures {
  key: string;
  judge: Phase;
  lcb: Phase;
  spawn: Phase;
  judgeVsLcb: number;
  judgeVsSpawn: number;
  vsLcb: Agreement;
  cpuMedian: number;
  cpuP95: number;
  other?: { backend: string; judgeBackend: string; phase: Phase; vsJudge: number; agreement: Agreement };
}

/** Prints the workload's pooled figures and returns them for the closing table. */
export function printWorkload(
  key: string,
  rounds: Round[],
  judged: JudgedTest[],
  lcbCpuMs: number[],
  workers: number,
  cores: number,
): WorkloadFigures {
  const J = pooled(rounds.map((r) => r.judge));
  const L = pooled(rounds.map((r) => r.lcb));
  const S = pooled(rounds.map((r) => r.spawn));
  const sum = (f: (r: Round) => Agreement): Agreement =>
    rounds.map(f).reduce((a, b) => ({
      same: a.same + b.same,
      compared: a.compared + b.compared,
      examples: [...a.examples, ...b.examples],
    }));
  const vsLcb = sum((r) => r.vsLcb);
  const vsSpawn = sum((r) => r.vsSpawn);
  const cpu = judged.map((t) => t.cpuMs);
  const overhead = judged.map((t) => t.wallMs - t.cpuMs);
  const perRound = (f: (r: Round) => number) => rounds.map((r) => x2(f(r))).join(', ');
  const machineCpu = (p: Phase) => `${((cores * p.busy * p.ms) / p.tests).toFixed(2)} ms`;
  const figures: WorkloadFigures = {
    key,
    judge: J,
    lcb: L,
    spawn: S,
    judgeVsLcb: rate(J) / rate(L),
    judgeVsSpawn: rate(J) / rate(S),
    vsLcb,
    cpuMedian: quantile(cpu, 0.5),
    cpuP95: quantile(cpu, 0.95),
  };
  const others = rounds.flatMap((r) => (r.other ? [r.other] : []));
  if (others.length) {
    const O = pooled(others.map((o) => o.phase));
    const agreementO = others
      .map((o) => o.vsJudge)
      .reduce((a, b) => ({
        same: a.same + b.same,
        compared: a.compared + b.compared,
        examples: [...a.examples, ...b.examples],
      }));
    const name = others[0]!.backend;
    figures.other = {
      backend: name,
      judgeBackend: rounds[0]!.judgeBackend,
      phase: O,
      vsJudge: rate(O) / rate(J),
      agreement: agreementO,
    };
    console.log(
      `  backends    ${name} ${rate(O).toFixed(0)}/s, ${rounds[0]!.judgeBackend} ${rate(J).toFixed(0)}/s: ${name}/${rounds[0]!.judgeBackend} ${x2(figures.other.vsJudge)} pooled; per round ${perRound((r) => rate(r.other!.phase) / rate(r.judge))}; verdicts agree ${agreed(agreementO)}`,
    );
    for (const e of agreementO.examples.slice(0, 5))
      console.log(`    differs   ${e.replace('baseline', rounds[0]!.judgeBackend)}`);
  }
  console.log(
    `  tests/s     judge ${rate(J).toFixed(0)}, lcb-strategy ${rate(L).toFixed(0)}, spawn ${rate(S).toFixed(0)} (all rounds pooled; ${workers} at a time each)`,
  );
  console.log(
    `  judge/lcb   ${x2(figures.judgeVsLcb)} pooled; per round ${perRound((r) => rate(r.judge) / rate(r.lcb))}`,
  );
  console.log(
    `  judge/spawn ${x2(figures.judgeVsSpawn)} pooled; per round ${perRound((r) => rate(r.judge) / rate(r.spawn))}`,
  );
  console.log(`  agreement   judge vs lcb-strategy ${agreed(vsLcb)}; judge vs spawn ${agreed(vsSpawn)}`);
  for (const e of [
    ...vsLcb.examples.slice(0, 5).map((e) => `lcb: ${e}`),
    ...vsSpawn.examples.slice(0, 5).map((e) => `spawn: ${e}`),
  ])
    console.log(`    differs   ${e}`);
  console.log(
    `  program CPU judge (cpuMs) median ${figures.cpuMedian.toFixed(2)} ms, p95 ${figures.cpuP95.toFixed(2)} ms; lcb-strategy in-process call median ${quantile(lcbCpuMs, 0.5).toFixed(2)} ms, p95 ${quantile(lcbCpuMs, 0.95).toFixed(2)} ms`,
  );
  console.log(
    `  judge wall - program CPU per test (supervisor) median ${quantile(overhead, 0.5).toFixed(2)} ms, p95 ${quantile(overhead, 0.95).toFixed(2)} ms`,
  );
  console.log(
    `  machine CPU per test  judge ${machineCpu(J)}, lcb-strategy ${machineCpu(L)}, spawn ${machineCpu(S)} (cores x busy x wall / tests)`,
  );
  console.log(`  cores busy  judge ${pct(J.busy)}, lcb-strategy ${pct(L.busy)}, spawn ${pct(S.busy)} (whole machine)`);
  return figures;
}

export function printSummary(all: WorkloadFigures[]): void {
  if (all.length === 0) return;
  const withOther = all.filter((f) => f.other);
  if (withOther.length) {
    const o = withOther[0]!.other!;
    console.log(`\nbackends (pooled over rounds): ${o.backend} beside ${o.judgeBackend}, same corpora, same rounds`);
    console.log(`  workload  ${o.judgeBackend}/s  ${o.backend}/s  ${o.backend}/${o.judgeBackend}  agreement`);
    for (const f of withOther)
      console.log(
        `  ${f.key.padEnd(8)}  ${rate(f.judge).toFixed(0).padStart(9)}  ${rate(f.other!.phase).toFixed(0).padStart(10)}  ${x2(f.other!.vsJudge).padStart(17)}  ${f.other!.agreement.same}/${f.other!.agreement.compared}`,
      );
  }
  console.log('\nsummary (pooled over rounds)');
  console.log('  workload  judge/s  lcb/s  spawn/s  judge/lcb  judge/spawn  agreement(lcb)  CPU median/p95');
  for (const f of all) {
    console.log(
      `  ${f.key.padEnd(8)}  ${rate(f.judge).toFixed(0).padStart(7)}  ${rate(f.lcb).toFixed(0).padStart(5)}  ${rate(f.spawn).toFixed(0).padStart(7)}  ${x2(f.judgeVsLcb).padStart(9)}  ${x2(f.judgeVsSpawn).padStart(11)}  ${`${f.vsLcb.same}/${f.vsLcb.compared}`.padStart(14)}  ${f.cpuMedian.toFixed(2)}/${f.cpuP95.toFixed(2)} ms`,
    );
  }
}
