import type { ResolvedLimits } from './limits';
import type { OutOfMemory, RunResult } from './sandbox/types';
import type { Verdict } from './verdicts';

const SIGXFSZ = 25;

/** Peak memory of a run: the larger of the process's own peak RSS and the cgroup's peak charge. */
export function peakKib(run: RunResult): number {
  return Math.max(run.maxRssKib, run.cgroupPeakKib);
}

/**
 * Whether the run hit its memory limit, whatever it did next: the memory cgroup's OOM kill or
 * `failcnt` (`cgroup1`, `cgroup2`), or the test process's own report (every backend, and the only
 * one `rootless` has): an allocation refused, a MemoryError made even if caught, a stack that
 * could not grow (native/out_of_memory.h).
 */
export function ranOutOfMemory(run: RunResult): boolean {
  return run.oomKilled || run.failcnt > 0 || run.outOfMemory !== undefined;
}

/**
 * Verdict of one run before its output is checked; undefined means "ran cleanly, check output".
 * Priority: IE, CE, OLE, then MLE for a run that ran out of memory and then failed in any way
 * (TLE, a crash, a non-zero exit; a wrong answer: `verdictOf`), TLE, MLE, RE.
 */
export function classifyRun(run: RunResult, limits: ResolvedLimits): Verdict | undefined {
  if (run.setupError) return 'IE';
  if (run.compileError !== undefined) return 'CE';
  if (run.ole || run.outputBytes > limits.outputBytes || run.signal === SIGXFSZ) return 'OLE';
  const tle = run.wallTimeout || run.cpuMs > limits.cpuMs;
  const failed = run.exitCode !== 0 || run.signal !== null;
  if ((tle || failed) && ranOutOfMemory(run)) return 'MLE';
  if (tle) return 'TLE';
  if (run.oomKilled || peakKib(run) * 1024 > limits.memoryBytes) return 'MLE';
  // A program that dies of MemoryError or std::bad_alloc it raised itself (no allocation failed).
  if (failed && /\bMemoryError\b|std::bad_alloc/.test(lastLines(run.stderr))) return 'MLE';
  if (failed) return 'RE';
  return undefined;
}

const OUT_OF_MEMORY: Record<OutOfMemory, string> = {
  malloc: 'an allocation returned NULL',
  mmap: 'an mmap was refused',
  MemoryError: 'a MemoryError was raised',
  stack: 'the stack could not grow',
  marked: 'the program said so',
};

/** Why a run counts as out of memory, for a test's detail; undefined if it does not. */
export function outOfMemoryDetail(run: RunResult): string | undefined {
  if (run.oomKilled) return 'out of memory: killed at the memory limit';
  if (run.failcnt > 0) return 'out of memory: the memory limit was reached';
  if (run.outOfMemory) return `out of memory: ${OUT_OF_MEMORY[run.outOfMemory]}`;
  return undefined;
}

function lastLines(s: string): string {
  return s.split('\n').slice(-4).join('\n');
}

/** A TLE close enough to the limit that load on the machine could explain it. */
export function isBorderlineTle(run: RunResult, limits: ResolvedLimits, margin: number): boolean {
  return run.cpuMs >= limits.cpuMs * (1 - margin) && run.cpuMs <= limits.cpuMs * (1 + margin);
}
