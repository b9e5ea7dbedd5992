import type { Verdict } from './verdict';

/** What a sample's verdict means for the study (see DESIGN.md, "Failure classes"). */
export const FAILURE_CLASSES = ['SOLVED', 'CORRECTNESS', 'OPTIMIZATION', 'INTERNAL'] as const;

export type FailureClass = (typeof FAILURE_CLASSES)[number];

/** Verdicts that are the model's failure; AC and IE are not (IE is the judge's). */
export type FailureVerdict = Exclude<Verdict, 'AC' | 'IE'>;

export type ModelFailureClass = Extract<FailureClass, 'CORRECTNESS' | 'OPTIMIZATION'>;

/**
 * A study's override of the default mapping, e.g. `{ RE: 'OPTIMIZATION' }`.
 * Only model failures can be remapped: AC is always SOLVED and IE always INTERNAL, which is
 * what keeps solve rate + correctness rate + optimization rate = 1.
 */
export type FailureClassMapping = Readonly<Partial<Record<FailureVerdict, ModelFailureClass>>>;

export const DEFAULT_FAILURE_CLASS_MAPPING: Readonly<Record<FailureVerdict, ModelFailureClass>> = Object.freeze({
  WA: 'CORRECTNESS',
  RE: 'CORRECTNESS',
  CE: 'CORRECTNESS',
  OLE: 'CORRECTNESS',
  TLE: 'OPTIMIZATION',
  MLE: 'OPTIMIZATION',
});

export function failureClassOf(verdict: Verdict, mapping?: FailureClassMapping): FailureClass {
  if (verdict === 'AC') return 'SOLVED';
  if (verdict === 'IE') return 'INTERNAL';
  if (!Object.hasOwn(DEFAULT_FAILURE_CLASS_MAPPING, verdict)) {
    throw new RangeError(`unknown verdict: ${String(verdict)}`);
  }
  return mapping?.[verdict] ?? DEFAULT_FAILURE_CLASS_MAPPING[verdict];
}
