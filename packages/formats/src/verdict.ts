// Verdicts are @frontier/core's vocabulary; difficulties are a property of benchmark formats.
export { VERDICTS, isVerdict, type Verdict } from '@frontier/core';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
