import { SHARE_TOKEN_PATTERN, type StudyData } from '@frontier/core';
import type { ShareSummary } from '@frontier/db';
import { z } from 'zod';
import type { Facets } from '../study/facets';
import { filtersToSearch, parsePageFilters, type Filters } from '../study/filters';
import { frontierDatasets } from '../frontier/frontier-queries';
import { sameShape, type AsJson } from '../api/same-shape';
import { dbIdSchema } from '../study/study-id';

// Shared links pinned to a snapshot (POST /api/shares, page /s/[token]).
//
// How a view plugs in (every study tab: the Frontier, matrix, triage and ensembles):
//  1. Its state lives in the page URL (path + query): the share stores exactly that string.
//  2. The share stores the study data the view reads, keyed by `datasetKey(filters)`. By default
//     that is one read under the view's filters; a view that reads more (the Frontier reads one
//     per inference setting) adds an entry to VIEW_DATASETS below, and other reads (the triage
//     evidence) are pinned as `queries` under their React Query keys (server/shares.ts).
//  3. The view registers a component in `components/share/registry.tsx` that renders read-only
//     from `SharedViewProps`; the matrix, triage and ensembles tabs run unchanged inside
//     `pinnedStudyView`, which answers their queries from the pinned data and keeps their URL
//     state local. A view without an entry is not shareable: the API says so.

export { SHARE_TOKEN_PATTERN };

/** DELETE /api/shares/:token */
export const shareParamsSchema = z.strictObject({ token: z.string().regex(SHARE_TOKEN_PATTERN, 'not a share token') });

export const createShareSchema = z.strictObject({
  studyId: dbIdSchema,
  view: z.string().min(1).max(2000),
});

export type CreateShareRequest = z.infer<typeof createShareSchema>;

/** GET /api/studies/:id/bundle?view=: the view to save as an offline copy, as a share would pin it. */
export const bundleQuerySchema = z.strictObject({
  view: createShareSchema.shape.view.meta({
    description: 'Path and query of the view, e.g. /studies/1/matrix?sort=gap',
  }),
});

/** POST /api/shares, 201. */
export const createShareResponseSchema = z.strictObject({
  token: z.string(),
  url: z.string().meta({ description: 'The link, as a path of this site: /s/<token>' }),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

const shareListItemSchema = z.strictObject({
  token: z.string(),
  studyId: z.number().int(),
  studyName: z.string(),
  view: z.string().meta({ description: 'Path and query of the pinned view' }),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable().meta({ description: "The owner's email; null for a link made in local mode" }),
});

export type ShareListItem = z.infer<typeof shareListItemSchema>;
sameShape<ShareListItem, AsJson<ShareSummary>>();

/** GET /api/shares: the caller's links, newest first; `all` when they are every link (an admin's). */
export const shareListResponseSchema = z.strictObject({ shares: z.array(shareListItemSchema), all: z.boolean() });

/** DELETE /api/shares/:token */
export const deleteShareResponseSchema = z.strictObject({
  deleted: z.string().meta({ description: 'The token of the link deleted' }),
});

/** A query result a view read besides the study data, under its React Query key. */
export interface PinnedQuery {
  key: readonly unknown[];
  data: unknown;
}

/** What a share pins: the filter values of the time, every dataset the view read, other reads. */
export interface SharePayload {
  facets: Facets;
  datasets: Record<string, StudyData>;
  /** Absent in links made before views other than the Frontier could be shared. */
  queries?: PinnedQuery[];
}

export const datasetKey = (filters: Filters): string => filtersToSearch(filters);

/** Views that can be shared, by the path below /studies/<id> ('' is the Frontier tab). */
export const SHAREABLE_VIEWS = ['', '/matrix', '/triage', '/ensembles'] as const;

const VIEW_DATASETS: Partial<Record<string, (filters: Filters, facets: Facets) => Filters[]>> = {
  '': (filters, facets) => frontierDatasets(filters, facets.settings).map((d) => d.filters),
};

/** Every filter set whose data the view needs, the view's own filters first, without duplicates. */
export function datasetsForView(subpath: string, filters: Filters, facets: Facets): Filters[] {
  const extra = VIEW_DATASETS[subpath]?.(filters, facets) ?? [];
  const seen = new Set<string>();
  return [filters, ...extra].filter((f) => {
    const key = datasetKey(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type ParsedView =
  | { ok: true; path: string; subpath: string; search: URLSearchParams; filters: Filters }
  | { ok: false; message: string };

/**
 * A view string (path + query of a page) checked to be a shareable page of this study: a
 * relative path under /studies/<studyId>, no other origin, no fragment, valid filters.
 */
export function parseView(view: string, studyId: number): ParsedView {
  if (!view.startsWith('/') || view.startsWith('//') || view.includes('\\') || /[\p{Cc}\s]/u.test(view)) {
    return { ok: false, message: 'view must be a path of this site, such as /studies/1?difficulty=hard' };
  }
  const base = 'http://frontier.invalid';
  let url: URL;
  try {
    url = new URL(view, base);
  } catch {
    return { ok: false, message: 'view is not a valid path' };
  }
  if (url.origin !== base || url.hash !== '') return { ok: false, message: 'view must be a path and query only' };
  const prefix = `/studies/${studyId}`;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path !== prefix && !path.startsWith(`${prefix}/`))
    return { ok: false, message: `view must be a page of study ${studyId} (under ${prefix})` };
  const subpath = path.slice(prefix.length);
  if (!(SHAREABLE_VIEWS as readonly string[]).includes(subpath)) {
    return {
      ok: false,
      message: `the ${subpath.slice(1)} view cannot be shared; shareable: ${SHAREABLE_VIEWS.map((v) => v || 'frontier').join(', ')}`,
    };
  }
  const filters = parsePageFilters(url.searchParams);
  if (!filters.success)
    return { ok: false, message: `view has invalid filters: ${filters.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, path, subpath, search: url.searchParams, filters: filters.data };
}
