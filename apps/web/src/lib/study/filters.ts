import { releaseDayProblem, releaseWindowProblem, type ReleaseWindow } from '@frontier/core';
import { z } from 'zod';

// The study-view filters, shared by the page (searchParams), the API (query string) and the
// browser (URL updates), so a copied link always means the same thing everywhere.

/** One line of text from a URL: given once, trimmed, not empty, no control characters. */
export const printableText = (max: number) =>
  z
    .string({ error: 'must be given once, as text' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** A facet value as stored (difficulty, setting, model scale): short and printable. */
export const facetValue = printableText(64);

/** A bound of the release-date window: a real UTC day written YYYY-MM-DD. */
export const releaseDayText = z.string({ error: 'must be given once, as a date YYYY-MM-DD' }).check((ctx) => {
  const problem = releaseDayProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

export const FILTER_KEYS = ['difficulty', 'setting', 'scale', 'from', 'to'] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters field by field, to extend or pick from; filtersSchema adds the window's order check. */
export const filterFieldsSchema = z.strictObject({
  difficulty: facetValue.optional(),
  setting: facetValue.optional(),
  scale: facetValue.optional(),
  from: releaseDayText.optional(),
  to: releaseDayText.optional(),
});

/** The window's start must not be after its end; reported on `to`, the bound usually moved last. */
export function checkWindowOrder(ctx: z.core.ParsePayload<ReleaseWindow>): void {
  const problem = releaseWindowProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value.to, path: ['to'] });
}

export const filtersSchema = filterFieldsSchema.check(checkWindowOrder);

export type Filters = z.infer<typeof filtersSchema>;

/** The query string for a set of filters, keys in a fixed order so equal views have equal URLs. */
export function filtersToSearch(filters: Filters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** A tab's query string with new filters, keeping the tab's own parameters `keep` as they are. */
export function withFilters(current: URLSearchParams, next: Filters, keep: readonly string[]): URLSearchParams {
  const search = new URLSearchParams(filtersToSearch(next));
  for (const key of keep) {
    const v = current.get(key);
    if (v !== null) search.set(key, v);
  }
  return search;
}

type SearchParamsLike = Record<string, string | string[] | undefined>;

/**
 * The filters of a page URL. Unrelated parameters are ignored (links pick up tracking junk);
 * the filter parameters themselves must be valid, so a broken link is reported, not guessed at.
 */
export function parsePageFilters(search: SearchParamsLike | URLSearchParams) {
  const get = (key: FilterKey) =>
    search instanceof URLSearchParams
      ? search.getAll(key).length > 1
        ? search.getAll(key)
        : (search.get(key) ?? undefined)
      : search[key];
  return filtersSchema.safeParse(
    Object.fromEntries(FILTER_KEYS.map((key) => [key, get(key)]).filter(([, v]) => v !== undefined)),
  );
}
