import { plural, VERDICTS } from '@frontier/core';
import type { SampleResult, SandboxBackend } from '@frontier/judge';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The line `frontier judge` ends with, e.g. `judged 220 samples, 2,180 tests in 4.1 s (532
 * tests/s) with the cgroup1 sandbox: AC 198, WA 20, TLE 2`. Tests are those run: a sample
 * identical to one already judged reuses its result and runs none. The backend is named because
 * verdicts can differ between backends (judge README, "Sandbox backends").
 */
export function judgeSummary(results: readonly SampleResult[], wallMs: number, backend: SandboxBackend): string {
  const counts = new Map<string, number>();
  let tests = 0;
  let reused = 0;
  for (const r of results) {
    counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
    if (r.deduplicated) reused++;
    else tests += r.tests.length;
  }
  const seconds = wallMs / 1000;
  const verdicts = VERDICTS.filter((v) => counts.has(v))
    .map((v) => `${v} ${n(counts.get(v)!)}`)
    .join(', ');
  const samples = `${plural(results.length, 'sample')}${reused ? ` (${n(reused)} identical to another, judged once)` : ''}`;
  const rate = Math.round(tests / Math.max(seconds, 1e-3));
  return `judged ${samples}, ${plural(tests, 'test')} in ${seconds.toFixed(1)} s (${n(rate)} tests/s) with the ${backend} sandbox: ${verdicts || 'none'}`;
}
