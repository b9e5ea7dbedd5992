// A release-date window: the problems a view counts are those released on or between two UTC
// days, by the problem's release (contest) date. LiveCodeBench scores models on problems
// released after their training cutoff, so a window is how contamination is kept out.

/** Inclusive bounds as UTC days, YYYY-MM-DD; an absent bound does not limit. */
export interface ReleaseWindow {
  from?: string;
  to?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why `text` is not a calendar day written YYYY-MM-DD, or undefined when it is one. */
export function releaseDayProblem(text: string): string | undefined {
  const m = DAY.exec(text);
  if (!m) return 'must be a date written YYYY-MM-DD, e.g. 2024-05-01';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-30 over to March: a day that does not exist comes back different.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return `is not a day of the calendar (${text})`;
  return undefined;
}

/** Why the window is not usable (from after to), or undefined. Bounds are assumed valid days. */
export function releaseWindowProblem(window: ReleaseWindow): string | undefined {
  if (window.from !== undefined && window.to !== undefined && window.from > window.to)
    return `from (${window.from}) is after to (${window.to}): the window would hold no day`;
  return undefined;
}

/** Whether a window limits anything. */
export function isWindowed(window: ReleaseWindow): boolean {
  return window.from !== undefined || window.to !== undefined;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export function releaseDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a problem released on `day` (YYYY-MM-DD, UTC; null when unknown) is inside the window.
 * Without bounds every problem is; with any bound a problem of unknown date is not, since nothing
 * says it was released after a model's cutoff.
 */
export function inReleaseWindow(day: string | null, window: ReleaseWindow): boolean {
  if (!isWindowed(window)) return true;
  if (day === null) return false;
  return (window.from === undefined || day >= window.from) && (window.to === undefined || day <= window.to);
}
