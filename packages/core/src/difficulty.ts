/** How hard a benchmark rates a problem, easiest first (LiveCodeBench's three levels). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export type Difficulty = (typeof DIFFICULTIES)[number];

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

/**
 * Sort order for difficulty labels: easy < medium < hard, then any other label a benchmark uses,
 * alphabetically (imported data may carry difficulties we do not know).
 */
export function compareDifficulties(a: string, b: string): number {
  const rank = (d: string) => (isDifficulty(d) ? DIFFICULTIES.indexOf(d) : DIFFICULTIES.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}
