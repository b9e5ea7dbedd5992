import type { ReleaseWindow } from '@frontier/core';

// The release-date window as SQL, one definition for every query that reads problems: the UTC
// day of problem.contest_date within inclusive bounds. An undated problem compares as NULL, so
// any bound leaves it out (what inReleaseWindow in @frontier/core says too).

/** Release day of the problem aliased `p`, as a UTC date. */
export const RELEASE_DAY_SQL = `(p.contest_date AT TIME ZONE 'UTC')::date`;

/** The WHERE conjunct for a window whose bounds are the query parameters $from and $to. */
export function releaseWindowSql(from: number, to: number): string {
  return `($${from}::date IS NULL OR ${RELEASE_DAY_SQL} >= $${from}::date)
    AND ($${to}::date IS NULL OR ${RELEASE_DAY_SQL} <= $${to}::date)`;
}

/** The two parameters for releaseWindowSql, in order. */
export function releaseWindowParams(window: ReleaseWindow): [string | null, string | null] {
  return [window.from ?? null, window.to ?? null];
}
