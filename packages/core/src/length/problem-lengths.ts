import { failureClassOf, type FailureClass, type FailureClassMapping } from '../failure-class';
import { cellIndex, type StudyData } from '../study-data';
import { VERDICTS } from '../verdict';
import { lengthIndex, type LengthUnit, type StudyLengths } from './length-columns';

export type LengthData = Pick<StudyData, 'problems' | 'counts'> & { lengths: StudyLengths };

// The samples n counts: every verdict but IE (the judge's fault, never the model's).
const MEASURED = VERDICTS.flatMap((v, code) => (v === 'IE' ? [] : [code]));
const COUNT_OF: Readonly<Record<(typeof VERDICTS)[number], keyof StudyData['counts']>> = {
  AC: 'solved',
  WA: 'wa',
  TLE: 'tle',
  MLE: 'mle',
  RE: 're',
  CE: 'ce',
  OLE: 'ole',
  IE: 'ie',
};

/** Total length and how many samples it covers, over the given verdict codes of one cell. */
function cellTotal(data: LengthData, cell: number, codes: readonly number[], unit: LengthUnit) {
  let sum = 0;
  let samples = 0;
  for (const v of codes) {
    const i = lengthIndex(cell, v);
    if (unit === 'chars') {
      sum += data.lengths.chars[i] ?? 0;
      samples += data.counts[COUNT_OF[VERDICTS[v]!]][cell] ?? 0;
    } else {
      sum += data.lengths.tokens[i] ?? 0;
      samples += data.lengths.tokenSamples[i] ?? 0;
    }
  }
  return { sum, samples };
}

/**
 * A checkpoint's mean response length on each problem, over its judged samples (IE left out, as
 * in n); in tokens, over the samples that have a token count. NaN where the problem has no such
 * sample or no run data, or where `include` leaves it out.
 */
export function problemMeanLengths(
  data: LengthData,
  checkpoint: number,
  unit: LengthUnit,
  include: (problem: number) => boolean = () => true,
): Float64Array {
  const out = new Float64Array(data.problems.length).fill(Number.NaN);
  for (let p = 0; p < data.problems.length; p++) {
    const cell = cellIndex(data, checkpoint, p);
    if (!include(p) || (data.counts.n[cell] ?? -1) <= 0) continue;
    const { sum, samples } = cellTotal(data, cell, MEASURED, unit);
    if (samples > 0) out[p] = sum / samples;
  }
  return out;
}

export interface ClassLength {
  /** Samples whose length entered the mean. */
  samples: number;
  /** Mean length over those samples (pooled over problems); NaN with none. */
  mean: number;
}

/**
 * A checkpoint's mean response length per failure class, pooled over the samples of the
 * included problems: SOLVED, CORRECTNESS, OPTIMIZATION, and INTERNAL (the judge's errors).
 */
export function lengthByClass(
  data: LengthData,
  checkpoint: number,
  unit: LengthUnit,
  mapping?: FailureClassMapping,
  include: (problem: number) => boolean = () => true,
): Record<FailureClass, ClassLength> {
  const sums: Record<FailureClass, { sum: number; samples: number }> = {
    SOLVED: { sum: 0, samples: 0 },
    CORRECTNESS: { sum: 0, samples: 0 },
    OPTIMIZATION: { sum: 0, samples: 0 },
    INTERNAL: { sum: 0, samples: 0 },
  };
  for (let p = 0; p < data.problems.length; p++) {
    const cell = cellIndex(data, checkpoint, p);
    if (!include(p) || (data.counts.n[cell] ?? -1) < 0) continue;
    VERDICTS.forEach((v, code) => {
      const t = cellTotal(data, cell, [code], unit);
      const s = sums[failureClassOf(v, mapping)];
      s.sum += t.sum;
      s.samples += t.samples;
    });
  }
  const mean = ({ sum, samples }: { sum: number; samples: number }): ClassLength => ({
    samples,
    mean: samples > 0 ? sum / samples : Number.NaN,
  });
  return {
    SOLVED: mean(sums.SOLVED),
    CORRECTNESS: mean(sums.CORRECTNESS),
    OPTIMIZATION: mean(sums.OPTIMIZATION),
    INTERNAL: mean(sums.INTERNAL),
  };
}
