'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';
import { filtersToSearch, parsePageFilters, type Filters } from '@/lib/filters';
import { frontierQuery } from '@/lib/queries';
import { CheckpointTable } from './checkpoint-table';
import { FrontierChart, SolveRateChart } from './charts';
import { FilterBar } from './filter-bar';
import { EmptyState, ErrorState, Loading } from './status';

/** The study page's body (the layout has the header). Filters live in the URL, so a copied link reproduces the view. */
export function StudyView({ studyId }: { studyId: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [navigating, startTransition] = useTransition();
  const parsed = parsePageFilters(searchParams);
  const filters: Filters = parsed.success ? parsed.data : {};
  const { data, error, isPending, isFetching, refetch } = useQuery({ ...frontierQuery(studyId, filters), placeholderData: keepPreviousData });

  const setFilters = (next: Filters) =>
    startTransition(() => router.replace(`${pathname}${filtersToSearch(next)}`, { scroll: false }));

  if (isPending) return <Loading what="the frontier" />;
  if (error) return <ErrorState title="Could not load this study's frontier." message={error.message} onRetry={() => void refetch()} />;

  const { facets, points, checkpointsWithoutData } = data;
  return (
    <div className={isFetching || navigating ? 'fetching' : undefined} data-testid="study-view"
      // The URL's filters and those of the data on screen: equal once the view has caught up.
      data-filters={filtersToSearch(filters)}
      data-shown-filters={filtersToSearch(data.filters)}
    >
      <section className="card">
        <FilterBar filters={filters} facets={facets} onChange={setFilters} />
        <p className="muted" data-testid="points-summary">
          {points.length} checkpoint{points.length === 1 ? '' : 's'} plotted
          {checkpointsWithoutData > 0 && `; ${checkpointsWithoutData} without judged samples under these filters`}.
        </p>
      </section>
      {points.length === 0 ? (
        <section className="card">
          {Object.keys(filters).length > 0 ? (
            <EmptyState title="No judged samples match these filters">
              Choose other values above, or <button onClick={() => setFilters({})}>clear the filters</button>.
            </EmptyState>
          ) : (
            <EmptyState title="This study has no judged samples yet">
              Import results with <code>npm run frontier -- import FILE</code>, or wait for the worker to judge pending samples.
            </EmptyState>
          )}
        </section>
      ) : (
        <>
          <div className="grid-2">
            <section className="card">
              <h2>Frontier</h2>
              <FrontierChart points={points} />
            </section>
            <section className="card">
              <h2>Solve rate against alpha</h2>
              <SolveRateChart points={points} />
            </section>
          </div>
          <section className="card">
            <h2>Plotted numbers</h2>
            <CheckpointTable points={points} />
          </section>
        </>
      )}
    </div>
  );
}
