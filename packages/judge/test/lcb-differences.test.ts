// The judge's verdict, by default and with lcbCompat, on each case where LiveCodeBench's evaluator
// and the judge can disagree (README: "Where verdicts differ from LiveCodeBench's"). Programs run
// in the real sandbox, the judge in a contained child.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleResult } from '../src/index';
import { LCB_CASES } from './fixtures/lcb-cases';
import { canContain, runContained } from './fixtures/run-contained';

// LiveCodeBench records, as loadBenchmark reads them (no limits: the judge's defaults apply).
const benchmark = LCB_CASES.map((c) => ({
  question_id: c.id,
  public_test_cases: JSON.stringify(
    c.tests.map(([input, output]) => ({ input, output, testtype: c.fnName ? 'functional' : 'stdin' })),
  ),
  private_test_cases: '[]',
  metadata: JSON.stringify(c.fnName ? { func_name: c.fnName } : {}),
}));
const samples = LCB_CASES.map((c) => ({ id: c.id, problemId: c.id, language: 'python', code: c.code }));

describe.skipIf(!canContain)("verdicts against LiveCodeBench's (contained)", () => {
  let dir: string;
  const verdicts: Record<'judge' | 'compat', Record<string, string>> = { judge: {}, compat: {} };
  const table = (results: SampleResult[]) => Object.fromEntries(results.map((r) => [r.id, r.verdict]));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'frontier-lcb-test-'));
    verdicts.judge = table(runContained({ benchmark, samples, workers: 2 }, dir).results);
    verdicts.compat = table(runContained({ benchmark, samples, workers: 2, lcbCompat: true }, dir).results);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the default verdict on every case', () => {
    expect(verdicts.judge).toEqual(Object.fromEntries(LCB_CASES.map((c) => [c.id, c.judge])));
  });
  it('gives the lcbCompat verdict on every case', () => {
    expect(verdicts.compat).toEqual(Object.fromEntries(LCB_CASES.map((c) => [c.id, c.compat])));
  });
  it("reproduces LiveCodeBench's pass or fail with lcbCompat but where the README says it cannot", () => {
    const differs = LCB_CASES.filter((c) => (c.compat === 'AC') !== (c.lcb === 'pass')).map((c) => c.id);
    expect(differs).toEqual(LCB_CASES.filter((c) => c.compatDiffers).map((c) => c.id));
  });
});
