import { ALPHA_RANGE, REFINE_DEFAULTS } from '@frontier/core';

// The "Suggest next alphas" panel's part of the Frontier tab's URL, so a shared link reproduces
// the same proposals on its pinned data (the policy is deterministic): ?suggest=COUNT opens the
// panel, ?range=LO,HI bounds the proposals (absent: core's default range, as `frontier suggest`
// without --range). Strict: a malformed value falls back to its default.

export interface SuggestView {
  /** How many alphas to propose, 1..MAX_SUGGEST_COUNT. */
  count: number;
  /** Where proposals may go; absent: core's defaultRange of the evaluated alphas. */
  range?: [number, number];
}

export const DEFAULT_SUGGEST_COUNT = REFINE_DEFAULTS.count;
export const MAX_SUGGEST_COUNT = 20;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A decimal number as typed or linked ("1.5", "-.25"); undefined for anything else. */
export function parseDecimal(text: string | undefined): number | undefined {
  const t = text?.trim();
  return t !== undefined && DECIMAL.test(t) ? Number(t) : undefined;
}

/** A count from 1 to MAX_SUGGEST_COUNT, or undefined. */
export function parseSuggestCount(text: string | undefined): number | undefined {
  const t = text?.trim();
  if (t === undefined || !/^\d{1,3}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 1 && n <= MAX_SUGGEST_COUNT ? n : undefined;
}

/** True for a range the evaluate route would accept every alpha of: low below high, inside ALPHA_RANGE. */
export function isSuggestRange(lo: number, hi: number): boolean {
  const [min, max] = ALPHA_RANGE;
  return Number.isFinite(lo) && Number.isFinite(hi) && lo >= min && hi <= max && lo < hi;
}

/** "LO,HI" as in the URL, or undefined. */
export function parseSuggestRange(text: string | undefined): [number, number] | undefined {
  const parts = text?.split(',');
  if (parts?.length !== 2) return undefined;
  const [lo, hi] = parts.map(parseDecimal);
  return lo !== undefined && hi !== undefined && isSuggestRange(lo, hi) ? [lo, hi] : undefined;
}

/** The panel's state from the URL's values; undefined (closed) without ?suggest. */
export function parseSuggestView(suggest: string | undefined, range: string | undefined): SuggestView | undefined {
  if (suggest === undefined) return undefined;
  const parsed = parseSuggestRange(range);
  return { count: parseSuggestCount(suggest) ?? DEFAULT_SUGGEST_COUNT, ...(parsed && { range: parsed }) };
}

const tidy = (x: number) => String(Number(x.toFixed(6)));

/** Adds the panel's keys to a query string (nothing when closed). */
export function writeSuggestView(params: URLSearchParams, view: SuggestView | undefined): void {
  if (!view) return;
  params.set('suggest', String(view.count));
  if (view.range) params.set('range', `${tidy(view.range[0])},${tidy(view.range[1])}`);
}
