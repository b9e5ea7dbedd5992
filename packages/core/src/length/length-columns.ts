import { VERDICTS } from '../verdict';

// Response lengths as StudyData carries them: per (checkpoint, problem) cell and per verdict,
// the sum of the samples' lengths. Sums, not means, so cells pool by adding (several runs of one
// checkpoint) and every view derives its own mean.

export const LENGTH_UNITS = ['chars', 'tokens'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export interface StudyLengths {
  /** Sum of response lengths in characters, at lengthIndex(cell, verdict code). */
  chars: number[];
  /** Sum of completion tokens over the samples that have a count, same layout. */
  tokens: number[];
  /** How many samples have a token count, same layout (every sample has characters). */
  tokenSamples: number[];
}

/** Position of (cell, verdict code) in the length columns: one slot per verdict, IE included. */
export function lengthIndex(cell: number, verdictCode: number): number {
  return cell * VERDICTS.length + verdictCode;
}
