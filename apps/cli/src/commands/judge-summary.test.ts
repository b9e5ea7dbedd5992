import { describe, expect, it } from 'vitest';
import type { SampleResult } from '@frontier/judge';
import { judgeSummary } from './judge-summary';

const result = (verdict: SampleResult['verdict'], tests: number, deduplicated = false) =>
  ({ verdict, tests: Array.from({ length: tests }, () => ({})), deduplicated }) as unknown as SampleResult;

describe('judgeSummary', () => {
  it('counts samples, tests run, the rate and verdicts in their fixed order', () => {
    const results = [
      ...Array.from({ length: 198 }, () => result('AC', 10)),
      result('TLE', 3),
      result('WA', 1),
      result('TLE', 2),
    ];
    expect(judgeSummary(results, 3_750, 'cgroup1')).toBe(
      'judged 201 samples, 1,986 tests in 3.8 s (530 tests/s) with the cgroup1 sandbox: AC 198, WA 1, TLE 2',
    );
  });
  it('says when identical samples reused a result, whose tests did not run again', () => {
    expect(judgeSummary([result('AC', 2), result('AC', 2, true)], 100, 'rootless')).toBe(
      'judged 2 samples (1 identical to another, judged once), 2 tests in 0.1 s (20 tests/s) with the rootless sandbox: AC 2',
    );
  });
  it('reads for a single sample and for none', () => {
    expect(judgeSummary([result('CE', 0)], 40, 'cgroup2')).toBe(
      'judged 1 sample, 0 tests in 0.0 s (0 tests/s) with the cgroup2 sandbox: CE 1',
    );
    expect(judgeSummary([], 0, 'cgroup1')).toBe(
      'judged 0 samples, 0 tests in 0.0 s (0 tests/s) with the cgroup1 sandbox: none',
    );
  });
});
