// !: Mirrors `@frontier/core` (verdict.ts, failure-class.ts), which has no package index yet;
// switch these to `import { VERDICTS, failureClassOf } from '@frontier/core'` once it has one.
export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE'] as const;
export type Verdict = (typeof VERDICTS)[number];
export type FailureClass = 'SOLVED' | 'CORRECTNESS' | 'OPTIMIZATION' | 'INTERNAL';

/** Stable numeric code of a verdict (AC=0 ... IE=7), as stored in the database. */
export function verdictCode(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

export function failureClassOf(verdict: Verdict): FailureClass {
  if (verdict === 'AC') return 'SOLVED';
  if (verdict === 'IE') return 'INTERNAL';
  return verdict === 'TLE' || verdict === 'MLE' ? 'OPTIMIZATION' : 'CORRECTNESS';
}
