'use client';

import { plural } from '@frontier/core';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useOptimistic, useRef, useTransition } from 'react';
import { EmptyState, studyDataState } from '@/components/status';
import { TabFilters } from '@/components/tab-filters';
import { useStudyTab } from '@/components/use-study-tab';
import { FILTER_KEYS, filtersToSearch, type Filters } from '@/lib/study/filters';
import { formatCount } from '@/lib/format';
import { buildMatrix, filterRows, matrixDifferences, sortRows, type MatrixRow } from '@/lib/matrix/matrix';
import { withStatsParams } from '@/lib/stats/stats-params';
import { StatsProblems } from '@/components/stats/stats-problems';
import { useStatsParams } from '@/components/stats/use-stats-params';
import { parseMatrixSearch, withMatrixState, type MatrixViewState } from '@/lib/matrix/matrix-params';
import { liveProblemHref } from '@/lib/problem/problem-link';
import { MatrixControls } from './matrix-controls';
import { MatrixExcluded } from './matrix-excluded';
import { MatrixExport } from './matrix-export';
import { MatrixGrid, type VisibleWindow } from './matrix-grid';
import { MatrixLegend } from './matrix-legend';

/** The solve-matrix tab's body: filters, sort and selection in the URL, the heatmap below. */
export function MatrixView({ studyId }: { studyId: number }) {
  const router = useRouter();
  const [navigating, startTransition] = useTransition();
  const { location, parsedFilters, filters, data, facets } = useStudyTab(studyId);
  const { pathname, searchParams } = location;
  const parsedState = parseMatrixSearch(searchParams);
  const urlState: MatrixViewState = parsedState.success
    ? parsedState.data
    : { sort: 'difficulty', differs: false, unstable: false, alpha: null };
  // The URL is the source of truth; while a change to it is in flight the view shows it already.
  const [state, setOptimisticState] = useOptimistic(urlState);

  const stats = useStatsParams(searchParams);
  const { rule, q } = stats;
  const model = useMemo(() => (data.data ? buildMatrix(data.data, rule) : null), [data.data, rule]);
  const sorted = useMemo(() => (model ? sortRows(model.rows, state.sort) : []), [model, state.sort]);
  const { differs, unstable } = state;
  // One test per problem over every column: only run while the filter is on (an export runs it too).
  const differences = useMemo(() => (model && differs ? matrixDifferences(model) : null), [model, differs]);
  const rows = useMemo(
    () => filterRows(sorted, { differs: differences ? { q: differences, below: q } : undefined, unstable }),
    [sorted, differences, q, unstable],
  );
  const windowRef = useRef<VisibleWindow>({ first: 0, last: 0 });
  const onWindow = useCallback((w: VisibleWindow) => {
    windowRef.current = w;
  }, []);

  // On the study's page the router navigates (the server prefetches new filters' data); a shared
  // link keeps its state locally.
  const navigate = (search: string) =>
    startTransition(() =>
      location.readOnly ? location.replace(search) : router.replace(`${pathname}${search}`, { scroll: false }),
    );
  // Sort, row filters and the highlighted alpha need no data from the server: the URL changes
  // without the RSC request (and the study data it would carry again) that router.replace makes.
  const setState = (next: MatrixViewState) =>
    startTransition(() => {
      setOptimisticState(next);
      location.replace(withMatrixState(new URLSearchParams(searchParams), next));
    });
  const setFilters = (next: Filters) => {
    const params = new URLSearchParams(searchParams);
    for (const k of FILTER_KEYS) params.delete(k);
    for (const [k, v] of new URLSearchParams(filtersToSearch(next))) params.set(k, v);
    navigate(params.size ? `?${params}` : '');
  };

  // The drill-down keeps the setting and scale filters (they narrow its counts) and preselects the
  // checkpoint; in a shared link the problem opens inside the link. Stable while the data and
  // these filters are (the grid's rows are memoised on it); called for every cell mounted.
  const { setting, scale } = filters;
  const { problemHref } = location;
  const cellHref = useMemo(() => {
    const href = problemHref ?? liveProblemHref(studyId, { setting, scale });
    return (row: MatrixRow, column: number) => href(row.problem.id, model?.columns[column]?.id);
  }, [problemHref, setting, scale, model, studyId]);

  const issues = [
    ...(parsedFilters.success ? [] : parsedFilters.error.issues),
    ...(parsedState.success ? [] : parsedState.error.issues),
  ];
  if (issues.length > 0) {
    return (
      <div className="banner banner-error" role="alert" data-testid="bad-matrix-params">
        <strong>This link has invalid parameters.</strong>
        <ul>
          {issues.map((issue) => (
            <li key={issue.path.join('.')}>
              <code>{issue.path.join('.')}</code>: {issue.message}
            </li>
          ))}
        </ul>
        <Link href={`/studies/${studyId}/matrix`}>Show the matrix with default settings</Link>
      </div>
    );
  }
  const pending = studyDataState(data, 'the solve matrix');
  if (pending || !data.data) return pending;
  if (!model) return null;

  const total = model.rows.length;
  return (
    <div
      className={data.isFetching || navigating ? 'fetching' : undefined}
      data-testid="matrix-view"
      data-filters={filtersToSearch(filters)}
      data-shown-filters={filtersToSearch(data.data.filters)}
    >
      <section className="card">
        <TabFilters
          studyId={studyId}
          location={location}
          filters={filters}
          facets={facets.data?.facets}
          undated={data.data?.undated}
          onChange={setFilters}
        />
        <MatrixControls
          state={state}
          model={model}
          onChange={setState}
          rule={rule}
          q={q}
          onStatsChange={(next) =>
            startTransition(() => location.replace(withStatsParams(new URLSearchParams(searchParams), next)))
          }
        />
        <StatsProblems problems={stats.problems} />
      </section>
      <section className="card">
        <div className="mx-toolbar">
          <p className="muted" data-testid="matrix-summary" data-shown={rows.length} data-total={total}>
            {rows.length === total
              ? plural(total, 'problem')
              : `${formatCount(rows.length)} of ${plural(total, 'problem')}`}{' '}
            × {plural(model.columns.length, 'checkpoint')}.{' '}
            {location.readOnly
              ? 'Click a cell for the problem’s counts this link pinned.'
              : 'Click a cell for the problem’s samples at that checkpoint.'}
          </p>
          <MatrixExport
            model={model}
            rows={rows}
            differences={() => differences ?? matrixDifferences(model)}
            visibleRows={() => rows.slice(windowRef.current.first, windowRef.current.last)}
            selectedAlpha={state.alpha}
            filename={`study-${studyId}-solve-matrix`}
            title={`Solve matrix, study ${studyId}${filtersToSearch(filters) ? ` (${filtersToSearch(filters).slice(1)})` : ''}`}
          />
        </div>
        <MatrixLegend rule={rule} />
        {total === 0 ? (
          <EmptyState title="No judged samples match these filters">Choose other filters above.</EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState title="No problem passes the row filters">
            Untick &ldquo;Rate differs across α&rdquo; or &ldquo;Unstable only&rdquo;, or raise q.
          </EmptyState>
        ) : (
          <MatrixGrid
            // A new row set (sort, row filters, data filters) starts again at the top.
            key={`${state.sort}|${differs}|${unstable}|${q}|${filtersToSearch(filters)}`}
            model={model}
            rows={rows}
            selectedAlpha={state.alpha}
            onSelectAlpha={(alpha) => setState({ ...state, alpha })}
            cellHref={cellHref}
            onWindow={onWindow}
          />
        )}
        <MatrixExcluded
          excluded={data.data.excluded ?? []}
          problemHref={location.readOnly ? undefined : liveProblemHref(studyId, { setting, scale })}
        />
      </section>
    </div>
  );
}
