'use client';

import { plural } from '@frontier/core';
import type { AllocationStrategy } from '@frontier/core';
import { useEffect, useMemo, useRef } from 'react';
import { ExportButtons } from '@/components/export-buttons';
import { PlotlyChart } from '@/components/plotly-chart';
import { EmptyState, ErrorState, Loading, studyDataState } from '@/components/status';
import { TabFilters } from '@/components/tab-filters';
import { useStudyTab } from '@/components/use-study-tab';
import { formatAlpha } from '@/lib/format';
import { ensembleCsv, ensembleFigure } from '@/lib/ensembles/ensemble-figure';
import { ensembleSearch, parseEnsembleParams } from '@/lib/ensembles/ensemble-params';
import { filtersToSearch, withFilters, type Filters } from '@/lib/study/filters';
import { withStatsParams } from '@/lib/stats/stats-params';
import { SolvedRuleControl } from '@/components/stats/solved-rule-control';
import { StatsProblems } from '@/components/stats/stats-problems';
import { useStatsParams } from '@/components/stats/use-stats-params';
import { budgetNote, EnsembleSummary } from './ensemble-summary';
import { NextCheckpoints } from './next-checkpoints';
import { useEnsembleView } from './use-ensemble-view';

/** Ensembles of checkpoints at a matched sample budget. Selection, budget, allocation and filters live in the URL. */
export function EnsemblesView({ studyId }: { studyId: number }) {
  const { location, filters, data, facets } = useStudyTab(studyId);
  const { searchParams, replace } = location;
  const checkpoints = data.data?.checkpoints ?? [];
  const params = parseEnsembleParams(searchParams, checkpoints);
  const { selected, budget, alloc, defaultedSelection } = params;
  const stats = useStatsParams(searchParams);
  const { rule } = stats;
  // The hook keys its computation on the inputs' values, so a fresh object per render is fine.
  const state = useEnsembleView(data.data, { selected, budget, alloc, rule });
  const plotRef = useRef<HTMLDivElement>(null);
  const view = state.view;
  const figure = useMemo(() => (view ? ensembleFigure(view) : null), [view]);

  const go = (next: { selected?: readonly number[]; budget?: number | null; alloc?: AllocationStrategy }) =>
    replace(
      ensembleSearch(searchParams, {
        selected: next.selected ?? selected,
        budget: next.budget === null ? undefined : (next.budget ?? budget),
        alloc: next.alloc ?? alloc,
      }),
    );

  // The default selection and allocation go into the URL, so a copied link reproduces the view.
  useEffect(() => {
    if ((defaultedSelection || searchParams.get('alloc') === null) && selected.length > 0) go({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the defaults are known
  }, [defaultedSelection, selected.length]);

  const pending = studyDataState(data);
  if (pending || !data.data) return pending;

  const setFilters = (next: Filters) => {
    const search = withFilters(searchParams, next, ['c', 'budget', 'alloc', 'solved', 'q']);
    replace(`?${search.toString().replace(/(^|&)c=[^&]*/, (m) => m.replaceAll('%2C', ','))}`);
  };
  const toggle = (id: number) =>
    go({ selected: selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id] });
  const busy = data.isFetching || state.computing;
  const ready = view !== null && !state.computing;

  return (
    <div
      className={busy ? 'fetching' : undefined}
      data-testid="ensembles-view"
      data-filters={filtersToSearch(filters)}
      data-shown-filters={filtersToSearch(data.data.filters)}
      data-state={ready ? 'ready' : 'computing'}
      data-where={state.where}
      data-ms={state.ms ?? ''}
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
        <div
          className="checkpoint-chips"
          role="group"
          aria-label="Checkpoints in the ensemble"
          data-testid="ensemble-pickers"
        >
          {checkpoints.map((c) => (
            <label key={c.id} className={selected.includes(c.id) ? 'selected' : undefined}>
              <input
                type="checkbox"
                data-testid="ensemble-pick"
                data-checkpoint-id={c.id}
                checked={selected.includes(c.id)}
                onChange={() => toggle(c.id)}
              />
              {c.name}
              {/* Most names say their alpha already ("toy alpha=1"); the chip repeats it only where they do not. */}
              {!c.name.includes(`=${formatAlpha(c.alpha)}`) && (
                <span className="muted"> α = {formatAlpha(c.alpha)}</span>
              )}
            </label>
          ))}
        </div>
        <div className="ensemble-controls">
          <label>
            Budget B (samples in total)
            <input
              type="number"
              min={1}
              step={1}
              data-testid="ensemble-budget"
              defaultValue={budget ?? view?.budget ?? ''}
              key={`${budget}-${view?.budget}`}
              onBlur={(e) => {
                const b = Number(e.target.value);
                if (Number.isSafeInteger(b) && b > 0 && b !== budget) go({ budget: b });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
            />
          </label>
          <label>
            Allocation
            <select
              data-testid="ensemble-alloc"
              value={alloc}
              onChange={(e) => go({ alloc: e.target.value as AllocationStrategy })}
            >
              <option value="uniform">uniform (even split)</option>
              <option value="optimised">optimised (greedy by marginal gain)</option>
            </select>
          </label>
          {budget !== undefined && (
            <button type="button" data-testid="ensemble-default-budget" onClick={() => go({ budget: null })}>
              Opening budget
            </button>
          )}
          <SolvedRuleControl rule={rule} onChange={(next) => replace(withStatsParams(searchParams, { rule: next }))} />
        </div>
        <p className="muted small ensemble-notes">
          {view && (
            <span data-testid="budget-note" data-budget={view.budget} data-max={view.maxBudget}>
              {budgetNote(view)}
            </span>
          )}{' '}
          <span data-testid="allocation-note">
            {alloc === 'uniform'
              ? 'Uniform: B split evenly over the members; what does not divide goes one sample each to the members with the highest solve rate.'
              : 'Optimised: each sample in turn goes to the member whose addition raises the ensemble’s pass the most (greedy).'}
          </span>
        </p>
        <StatsProblems problems={stats.problems} />
        {(params.problems.length > 0 || (view && view.unknown.length > 0)) && (
          <div className="banner banner-error" role="alert" data-testid="ensemble-link-problems">
            {params.problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
            {view && view.unknown.length > 0 && (
              <div>c: no data for checkpoint {view.unknown.join(', ')} under these filters; left out.</div>
            )}
          </div>
        )}
      </section>
      {selected.length === 0 || (!view && !state.computing && !state.error) ? (
        <section className="card">
          <EmptyState title="Choose checkpoints for the ensemble">Tick one or more checkpoints above.</EmptyState>
        </section>
      ) : state.error ? (
        <ErrorState title="The ensemble could not be computed." message={state.error} />
      ) : !view ? (
        <Loading what={`the ensemble (in a ${state.where})`} />
      ) : (
        <>
          {/* The curves beside the numbers at B, so both are on the first screen. */}
          <div className="ensemble-grid">
            {figure && (
              <section className="card">
                <div className="card-head">
                  <h2>pass@k: members and ensemble</h2>
                  <ExportButtons
                    plot={() => plotRef.current}
                    filename={`study-${studyId}-ensemble-b${view.budget}-${alloc}`}
                    csv={() => ensembleCsv(view)}
                  />
                </div>
                <div ref={plotRef}>
                  <PlotlyChart
                    testId="ensemble-plot"
                    points={figure.points}
                    data={figure.data}
                    layout={figure.layout}
                    label={`pass@k against k on a log axis for ${plural(view.singles.length, 'checkpoint')} and the ensemble`}
                  />
                </div>
              </section>
            )}
            <section className="card">
              <h2>
                Ensemble at B = {view.budget} ({alloc})
              </h2>
              {view.error ? (
                <p className="banner banner-error">{view.error}</p>
              ) : (
                <EnsembleSummary view={view} rule={rule} />
              )}
            </section>
          </div>
          <section className="card">
            <h2>Best next checkpoint to add</h2>
            <NextCheckpoints view={view} onAdd={(id) => go({ selected: [...selected, id] })} />
          </section>
        </>
      )}
    </div>
  );
}
