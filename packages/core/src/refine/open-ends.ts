import { roundAlpha } from './alpha-grid';

// Where the best alpha's interval stops short of what is known. The peak is looked for only where
// the line was seen alive and where alphas may go: from the lowest to the highest live evaluated
// alpha, within the range. When the interval reaches an edge of that window (or the best evaluated
// alpha is the outermost one), the peak may lie further out. The interval then ends at the edge,
// an evaluated alpha or the range's end, and says so in words, instead of ending at an alpha
// nobody evaluated.

export type Side = 'below' | 'above';

export interface OpenEnd {
  /**
   * Why the interval stops at its end on this side: the range ends there though live alphas were
   * evaluated further out ('range'); it is the outermost live alpha and the line collapses further
   * out ('collapse'); it is the outermost alpha evaluated ('unevaluated').
   */
  why: 'range' | 'collapse' | 'unevaluated';
  /** How far out the peak may lie without leaving the range: the end itself, the collapsed alpha or the range's end, whichever comes first (infinite without either). */
  limit: number;
}

/** Where the peak was looked for, and what lies around it. */
export interface PeakWindow {
  /** The window: the live evaluated span cut to the range. */
  from: number;
  to: number;
  /** The lowest and highest live evaluated alpha. */
  liveLo: number;
  liveHi: number;
  /** The first collapsed alpha on each side (infinite where none). */
  collapse: readonly [number, number];
  range: readonly [number, number];
}

const alpha = (a: number) => `α = ${roundAlpha(a)}`;

/** What lies past the window's edge on one side. */
export function openEnd(side: Side, w: PeakWindow): OpenEnd {
  const below = side === 'below';
  const edge = below ? w.from : w.to;
  if (edge !== (below ? w.liveLo : w.liveHi)) return { why: 'range', limit: edge };
  const rangeEnd = below ? w.range[0] : w.range[1];
  const collapse = below ? w.collapse[0] : w.collapse[1];
  if (Number.isFinite(collapse))
    return { why: 'collapse', limit: below ? Math.max(collapse, rangeEnd) : Math.min(collapse, rangeEnd) };
  return { why: 'unevaluated', limit: rangeEnd };
}

/** The open end in words, e.g. "the peak may lie above α = 2, the highest alpha evaluated (the range goes on to α = 2.5)". */
export function openEndText(side: Side, end: OpenEnd, w: PeakWindow): string {
  const below = side === 'below';
  const edge = below ? w.from : w.to;
  const start = `the peak may lie ${side} ${alpha(edge)}`;
  if (end.why === 'range')
    return `${start}, where the range ends (live alphas were evaluated out to ${alpha(below ? w.liveLo : w.liveHi)})`;
  if (end.why === 'collapse')
    return `${start}, the ${below ? 'lowest' : 'highest'} live alpha, before the collapse at ${alpha(w.collapse[below ? 0 : 1])} (nothing evaluated in between)`;
  const further = Number.isFinite(end.limit) && end.limit !== edge ? `; the range goes on to ${alpha(end.limit)}` : '';
  return `${start}, the ${below ? 'lowest' : 'highest'} alpha evaluated (nothing evaluated ${side} it${further})`;
}

/** How far the best alpha may lie: its interval, out to the limit on an open side. */
export function intervalReach(best: { lo: number; hi: number; below?: OpenEnd; above?: OpenEnd }): [number, number] {
  return [best.below?.limit ?? best.lo, best.above?.limit ?? best.hi];
}

/** The interval as people read it, e.g. "[1.79, 2 or above]": an open side says so. */
export function intervalText(
  best: { lo: number; hi: number; below?: OpenEnd; above?: OpenEnd },
  format: (a: number) => string = (a) => String(roundAlpha(a)),
): string {
  return `[${format(best.lo)}${best.below ? ' or below' : ''}, ${format(best.hi)}${best.above ? ' or above' : ''}]`;
}
