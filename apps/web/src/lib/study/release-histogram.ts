import { inReleaseWindow, type ReleaseWindow } from '@frontier/core';

// The release-window control's picture: the study's dated problems binned by release day on a
// time axis, each bin split into the problems inside the window and those outside.

export interface ReleaseDayCount {
  day: string;
  problems: number;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD day of a day number. */
export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export interface ReleaseBin {
  inside: number;
  outside: number;
}

/** At most `maxBins` equal bins of whole days from the first to the last dated day (given in order). */
export function releaseBins(days: readonly ReleaseDayCount[], window: ReleaseWindow, maxBins: number): ReleaseBin[] {
  if (days.length === 0) return [];
  const first = dayNumber(days[0]!.day);
  const span = dayNumber(days.at(-1)!.day) - first + 1;
  const count = Math.min(maxBins, span);
  const bins = Array.from({ length: count }, () => ({ inside: 0, outside: 0 }));
  for (const d of days) {
    const bin = bins[Math.min(count - 1, Math.floor(((dayNumber(d.day) - first) * count) / span))]!;
    if (inReleaseWindow(d.day, window)) bin.inside += d.problems;
    else bin.outside += d.problems;
  }
  return bins;
}
