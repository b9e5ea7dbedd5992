'use client';

import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState, useTransition } from 'react';
import type { SeriesInput } from '@/lib/frontier/frontier-model';
import { filtersToSearch, parsePageFilters, type Filters } from '@/lib/study/filters';
import { frontierDatasets, studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { frontierSearch, parseFrontierState, type FrontierViewState } from '@/lib/frontier/frontier-state';
import { loadPlotly } from '@/lib/plots/plotly';
import { studyDataQuery } from '@/lib/study/queries';
import { useHydrated } from '@/lib/use-hydrated';
import { FrontierExplorer } from './frontier-explorer';
import { ShareButton } from './share/share-button';
import { ErrorState, Loading } from './status';

// Every view of this tab draws with plotly.js: fetch it as soon as this module runs, beside the
// page's own hydration, not after the first render's effects ask for it (~0.5 s later at 10M).
if (typeof window !== 'undefined') void loadPlotly().catch(() => undefined);

/**
 * The Frontier tab (the layout has the header). Its whole state (filters, alpha, k, log axes)
 * lives in the URL, so a copied link reproduces the view; the server prefetches the same queries.
 */
export function StudyView({ studyId }: { studyId: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [navigating, startTransition] = useTransition();
  const hydrated = useHydrated();
  const parsed = parsePageFilters(searchParams);
  const filters: Filters = useMemo(() => (parsed.success ? parsed.data : {}), [parsed.success, parsed.data]);
  const state = parseFrontierState(searchParams);

  const meta = useQuery({ ...studyFacetsQuery(studyId) });
  const specs = meta.data ? frontierDatasets(filters, meta.data.facets.settings) : [];
  const results = useQueries({
    queries: specs.map((s) => ({ ...studyDataQuery(studyId, s.filters), placeholderData: keepPreviousData })),
  });

  const data = results.map((r) => r.data);
  const ready = data.every((d) => d !== undefined);
  // One array identity per set of data objects (React Query keeps an unchanged object's identity),
  // so the costly precomputation downstream runs once per change of the data, not per render.
  const fresh = ready ? specs.map((s, i) => ({ setting: s.setting, data: data[i]! })) : [];
  const [datasets, setDatasets] = useState(fresh);
  if (!sameDatasets(datasets, fresh)) setDatasets(fresh);

  const go = (f: Filters, s: FrontierViewState) =>
    startTransition(() => router.replace(`${pathname}${frontierSearch(f, s)}`, { scroll: false }));

  const error = meta.error ?? results.find((r) => r.error)?.error;
  const retry = () => {
    void meta.refetch();
    for (const r of results) void r.refetch();
  };
  if (error) return <ErrorState title="Could not load this study's data." message={error.message} onRetry={retry} />;
  // The server's markup stops here: the explorer's precomputation over every (problem,
  // checkpoint) cell only feeds plots that plotly.js draws in the browser, so computing it on the
  // server too made the page's first byte wait for it (~0.2 s at 1,000 x 40).
  if (!meta.data || !ready || !hydrated)
    return <Loading what={`the study's data${specs.length > 1 ? ` (${specs.length} inference settings)` : ''}`} />;

  const fetching = meta.isFetching || results.some((r) => r.isFetching) || navigating;
  const shown = datasets[0]?.data.filters ?? filters;
  const shownFilters = specs.length > 1 ? { ...shown, setting: filters.setting } : shown;
  return (
    <div
      className={fetching ? 'fetching' : undefined}
      data-testid="study-view"
      // The URL's filters and those of the data on screen: equal once the view has caught up.
      data-filters={filtersToSearch(filters)}
      data-shown-filters={filtersToSearch(shownFilters)}
    >
      <FrontierExplorer
        studyId={studyId}
        datasets={datasets}
        facets={meta.data.facets}
        pending={meta.data.pending}
        filters={filters}
        state={state}
        readOnly={false}
        // Filters change the data: drop the alpha only if the new data lacks it (the view snaps).
        onFiltersChange={(f, s) => go(f, s)}
        onStateChange={(s) => go(filters, s)}
        share={(current) => (
          <ShareButton studyId={studyId} view={() => `${pathname}${frontierSearch(filters, current)}`} />
        )}
      />
    </div>
  );
}

function sameDatasets(a: SeriesInput[], b: SeriesInput[]): boolean {
  return a.length === b.length && a.every((x, i) => x.data === b[i]!.data && x.setting === b[i]!.setting);
}
