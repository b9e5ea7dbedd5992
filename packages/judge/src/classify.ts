import type { ResolvedLimits } from './limits';
import type { RunResult } from './sandbox/types';
import type { Verdict } from './verdicts';

const SIGXFSZ = 25;

/**
 * The line a compiled program's allocation shim writes when malloc & co. return NULL for want of
 * memory (native/alloc_shim.c): under a memory rlimit, where no cgroup kills the program.
 */
const ALLOCATION_REFUSED =
  /frontier-judge: (?:malloc|calloc|realloc|aligned_alloc|posix_memalign) returned NULL \(out of memory\)$/m;

/** Peak memory of a run: the larger of the process's own peak RSS and the cgroup's peak charge. */
export function peakKib(run: RunResult): number {
  return Math.max(run.maxRssKib, run.cgroupPeakKib);
}

/**
 * Verdict of one run before its output is checked; undefined means "ran cleanly, check output".
 * Priority: IE, CE, OLE, TLE, MLE, RE.
 */
export function classifyRun(run: RunResult, limits: ResolvedLimits): Verdict | undefined {
  if (run.setupError) return 'IE';
  if (run.compileError !== undefined) return 'CE';
  if (run.ole || run.outputBytes > limits.outputBytes || run.signal === SIGXFSZ) return 'OLE';
  if (run.wallTimeout || run.cpuMs > limits.cpuMs) return 'TLE';
  const failed = run.exitCode !== 0 || run.signal !== null;
  if (run.oomKilled || peakKib(run) * 1024 > limits.memoryBytes) return 'MLE';
  // An allocation refused outright (larger than the machine, or over a memory rlimit) ends as
  // MemoryError/bad_alloc, or as a C program's NULL malloc followed by a crash or a non-zero exit.
  if (
    failed &&
    (run.failcnt > 0 ||
      /\bMemoryError\b|std::bad_alloc/.test(lastLines(run.stderr)) ||
      ALLOCATION_REFUSED.test(run.stderr))
  )
    return 'MLE';
  if (failed) return 'RE';
  return undefined;
}

function lastLines(s: string): string {
  return s.split('\n').slice(-4).join('\n');
}

/** A TLE close enough to the limit that load on the machine could explain it. */
export function isBorderlineTle(run: RunResult, limits: ResolvedLimits, margin: number): boolean {
  return run.cpuMs >= limits.cpuMs * (1 - margin) && run.cpuMs <= limits.cpuMs * (1 + margin);
}
