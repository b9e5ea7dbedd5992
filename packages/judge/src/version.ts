import { cpus } from 'node:os';

/**
 * The judge's version. Bump it in the same change as anything that can alter a verdict: the
 * sandbox (limits, measurement, the MLE/TLE rules), the checker, the LiveCodeBench compatibility
 * mode, the default limits or time multipliers, the runtimes (Python start-up, the allocation
 * shim), the verdict order. It is part of every judged program's key in the pipeline, so verdicts
 * of another version are never reused, and every judged sample records it (docs: "Judge versions").
 * A change that cannot alter a verdict (logging, speed with identical results, refactors) keeps it.
 */
// 2: rootless calls a test MLE on the same evidence as cgroup1 (an allocation refused during the
//    test, then a failure of any kind), deep recursion included; cgroup1's failcnt rule covers TLE
//    and WA after the limit too.
export const JUDGE_VERSION = 2;

/**
 * The machine a verdict came from, as far as a verdict can depend on it: its CPU model (time
 * limits are CPU time). Nothing else (no host name): a share or export shows it.
 */
export function machineOf(): string {
  return cpus()[0]?.model.trim().replace(/\s+/g, ' ') || 'unknown CPU';
}
