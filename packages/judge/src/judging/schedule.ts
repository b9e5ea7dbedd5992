import { sha } from '../programs';
import type { Benchmark, Problem, Sample, SampleResult } from '../types';
import { judgeSample } from './judge-sample';
import type { JudgeRig } from './setup';

export interface JudgeRunOptions {
  /** Run every test instead of stopping at the first failure. */
  allTests?: boolean;
  /** This call's `lcbCompat` (default: the judge's). */
  lcbCompat?: boolean;
  onResult?: (result: SampleResult) => void;
}

/**
 * judgeSamples over the rig's slots: samples in flight on lanes, results in the samples' order.
 * A sample identical to one judged before (code, language, test set, limits, options) takes its
 * result, marked `deduplicated`, for the judge's lifetime; an IE or a failure is never kept.
 */
export function sampleScheduler(
  rig: JudgeRig,
): (benchmark: Benchmark, samples: readonly Sample[], runOptions: JudgeRunOptions) => Promise<SampleResult[]> {
  const testSetKeys = new WeakMap<Problem, string>();
  const done = new Map<string, Promise<SampleResult>>();
  const testSetKey = (p: Problem): string => {
    let k = testSetKeys.get(p);
    if (!k) testSetKeys.set(p, (k = sha(JSON.stringify([p.tests, p.checker, p.functional ?? null, p.limits]))));
    return k;
  };

  return async (benchmark, samples, runOptions) => {
    const allTests = runOptions.allTests ?? false;
    const lcbCompat = runOptions.lcbCompat ?? rig.lcbCompat;
    const results: SampleResult[] = new Array(samples.length);
    let next = 0;
    let stopped = false;
    // More samples in flight than slots, so that a slot never waits for Node's bookkeeping.
    const lanes = Array.from({ length: Math.min(samples.length, rig.workers * 2) }, async () => {
      while (!stopped && next < samples.length) {
        const i = next++;
        const sample = samples[i]!;
        const problem = benchmark.problems.get(sample.problemId)!;
        const limits = rig.limitsOf(problem, sample.language, lcbCompat);
        const key = sha(
          sample.language,
          sample.code,
          testSetKey(problem),
          JSON.stringify(limits),
          String(allTests),
          String(lcbCompat),
        );
        let p = done.get(key);
        const dedup = p !== undefined;
        if (!p) {
          p = judgeSample(rig, problem, sample, allTests, lcbCompat);
          done.set(key, p);
          void p.catch(() => done.delete(key));
        }
        // An error (a full disk) fails the call: the other lanes take no new sample.
        const r = await p.catch((err: unknown) => {
          stopped = true;
          throw err;
        });
        // An IE is never cached: judging that sample again may succeed.
        if (r.verdict === 'IE') done.delete(key);
        const result = dedup ? { ...r, id: sample.id, problemId: sample.problemId, deduplicated: true } : r;
        results[i] = result;
        runOptions.onResult?.(result);
      }
    });
    await Promise.all(lanes);
    return results;
  };
}
