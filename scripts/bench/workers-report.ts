// What bench:workers prints: each phase with what each worker did and the proof that nothing was
// judged twice, the second process's speed-up, Postgres's verdict write rate, and the capacity
// figures the README's "Capacity planning" uses.
import { loadavg } from 'node:os';
import type { PhaseFigures, Proof } from './workers-phase';
import type { WriteFigures } from './workers-writes';

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const testsOf = (p: PhaseFigures) => p.perWorker.reduce((s, w) => s + w.tests, 0);
const samplesOf = (p: PhaseFigures) => p.perWorker.reduce((s, w) => s + w.samples, 0);
/** Tests per second over the judging (first judge job's start to the last one's end). */
export const testsPerSecond = (p: PhaseFigures) => testsOf(p) / p.judgeSeconds;

export function printPhase(title: string, p: PhaseFigures, log: (line: string) => void): void {
  log(`\n== ${title}`);
  log(
    `  wall ${p.wallSeconds.toFixed(1)} s from starting the worker${p.workers > 1 ? 's' : ''} to the last chain done; judging ${p.judgeSeconds.toFixed(1)} s (first judge job's start to the last one's end)`,
  );
  log(
    `  ${n(samplesOf(p))} samples, ${n(testsOf(p))} tests: ${testsPerSecond(p).toFixed(1)} tests/s, ${(samplesOf(p) / p.judgeSeconds).toFixed(1)} samples/s`,
  );
  for (const [i, w] of p.perWorker.entries()) {
    const share = testsOf(p) ? (100 * w.tests) / testsOf(p) : 0;
    log(
      `  worker ${i + 1} (pid ${w.pid}): ${w.jobs.length} judge jobs [${[...w.jobs].sort((a, b) => a - b).join(', ')}], ${n(w.samples)} samples, ${n(w.tests)} tests (${share.toFixed(0)}%): ${(w.tests / p.judgeSeconds).toFixed(1)} tests/s`,
    );
  }
  log(`  nothing judged twice: ${proofLine(p.proof, p)}`);
}

function proofLine(q: Proof, p: PhaseFigures): string {
  const taken = p.perWorker.map((w) => n(w.samples)).join(' + ');
  const written = p.perWorker.reduce((s, w) => s + w.written, 0);
  const programs = p.perWorker.reduce((s, w) => s + w.programs, 0);
  const ok =
    q.onceSucceeded === q.judgeJobs &&
    q.unclaimed === 0 &&
    q.claimedTwice === 0 &&
    q.judgedInDb === q.importedSamples &&
    samplesOf(p) === q.importedSamples &&
    written === q.importedSamples &&
    testsOf(p) === q.testsInDb &&
    programs === q.newPrograms;
  return [
    `${q.judgeJobs} judge jobs, ${q.onceSucceeded} succeeded after exactly 1 attempt; each named by one worker's log (${q.claimedTwice} by two, ${q.unclaimed} by none);`,
    `samples: ${n(q.importedSamples)} imported = ${n(q.judgedInDb)} with a verdict in the database = ${taken} taken by the workers = ${n(written)} verdicts written;`,
    `${n(testsOf(p))} tests run by the workers = ${n(q.testsInDb)} recorded on the samples; ${n(programs)} programs run = ${n(q.newPrograms)} results remembered: ${ok ? 'HOLDS' : 'DOES NOT HOLD'}`,
  ].join('\n    ');
}

/** The ratio of the two workers' rate to one worker's, per round. */
export function speedups(rounds: { baseline: PhaseFigures; pair: PhaseFigures }[]): number[] {
  return rounds.map((r) => testsPerSecond(r.pair) / testsPerSecond(r.baseline));
}

export function printSummary(
  rounds: { baseline: PhaseFigures; pair: PhaseFigures }[],
  cores: number,
  writes: WriteFigures | undefined,
  log: (line: string) => void,
): void {
  const s = speedups(rounds);
  const all = rounds.flatMap((r) => [r.baseline, r.pair]);
  const testsPerSample = all.reduce((x, p) => x + testsOf(p), 0) / all.reduce((x, p) => x + samplesOf(p), 0);
  const pairRate = rounds.reduce((x, r) => x + testsPerSecond(r.pair), 0) / rounds.length;
  log('\n== summary');
  log(
    `  one worker ${rounds.map((r) => testsPerSecond(r.baseline).toFixed(1)).join(', ')} tests/s; two workers ${rounds.map((r) => testsPerSecond(r.pair).toFixed(1)).join(', ')} tests/s: the second process gives ${s.map((x) => `${x.toFixed(2)}x`).join(', ')}`,
  );
  log(
    `  this machine has ${cores} cores: each worker's judge runs one test per core, so two workers here run ${2 * cores} tests at once on ${cores} cores and contend for them; the speed-up a second process gives is that of a second machine only when it has cores of its own`,
  );
  const load = loadavg()[0]!;
  if (load > cores)
    log(
      `  the machine was loaded (load average ${load.toFixed(1)} on ${cores} cores): twice the test processes also take a larger share of it from the other load, so the speed-up overstates what a second process gives on an idle machine, and the rates understate an idle machine's`,
    );
  log(
    `  tests per sample here ${testsPerSample.toFixed(2)} (stops at the first failing test); judge rate through the pipeline ${(pairRate / cores).toFixed(1)} tests/s per core`,
  );
  if (!writes) return;
  log(
    `\n== Postgres verdict writes (the judge step's database work without the judge: read 2,000 unjudged samples, remember their results, write verdicts with ${writes.testsPerSample}-test arrays)`,
  );
  log(
    `  one writer ${n(writes.oneWriter)} verdicts/s; two writers at once ${n(writes.twoWriters)} verdicts/s together`,
  );
  const ceilingTests = writes.twoWriters * testsPerSample;
  log(
    `  at ${testsPerSample.toFixed(2)} tests per sample that is the verdicts of ${n(ceilingTests)} tests/s, about ${n(ceilingTests / (pairRate / cores))} judge cores at this machine's ${(pairRate / cores).toFixed(1)} tests/s per core`,
  );
}
