'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { EmptyState, studyDataState } from '@/components/status';
import { TabFilters } from '@/components/tab-filters';
import { useStudyTab } from '@/components/use-study-tab';
import { filtersToSearch, withFilters, type Filters } from '@/lib/study/filters';
import { withStatsParams } from '@/lib/stats/stats-params';
import { computeTriage } from '@/lib/triage/triage';
import { triageEvidenceQuery } from '@/lib/triage/triage-evidence';
import { resolvePair, triageSearch } from '@/lib/triage/triage-params';
import { QThresholdControl, SolvedRuleControl } from '@/components/stats/solved-rule-control';
import { StatsProblems } from '@/components/stats/stats-problems';
import { useStatsParams } from '@/components/stats/use-stats-params';
import { CheckpointSelect } from './checkpoint-select';
import { TriageQueue } from './triage-queue';
import { TriageSummary } from './triage-summary';

/**
 * Triage of two checkpoints: which problems' solve rates differ, by how much, how surely, and why.
 * A, B, the solved rule, the q threshold and the filters live in the URL.
 */
export function TriageView({ studyId }: { studyId: number }) {
  const { location, filters, data, facets } = useStudyTab(studyId);
  const { searchParams, replace, readOnly } = location;

  const checkpoints = data.data?.checkpoints ?? [];
  const { a: pairA, b: pairB, defaulted, unknown } = resolvePair(searchParams, checkpoints);
  const pair = { a: pairA, b: pairB, defaulted, unknown };
  const ia = checkpoints.findIndex((c) => c.id === pairA);
  const ib = checkpoints.findIndex((c) => c.id === pairB);
  const ready = data.data !== undefined && ia >= 0 && ib >= 0;
  const stats = useStatsParams(searchParams);
  const { rule, q } = stats;
  const evidence = useQuery({ ...triageEvidenceQuery(studyId, filters, pair.a ?? 0, pair.b ?? 0), enabled: ready });

  // The defaults go into the URL, so a copied link names both checkpoints.
  useEffect(() => {
    if (defaulted && pairA !== null && pairB !== null && unknown.length === 0)
      replace(triageSearch(searchParams, pairA, pairB));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the resolved pair changes
  }, [defaulted, pairA, pairB]);

  const triage = useMemo(() => {
    const d = data.data;
    if (!d || ia < 0 || ib < 0) return null;
    const tiers = evidence.data?.failTiers;
    return computeTriage(
      d,
      ia,
      ib,
      { rule, threshold: q },
      tiers && { a: tiers[String(d.checkpoints[ia]?.id)], b: tiers[String(d.checkpoints[ib]?.id)] },
    );
  }, [data.data, ia, ib, evidence.data, rule, q]);

  const pending = studyDataState(data);
  if (pending || !data.data) return pending;

  const setFilters = (next: Filters) => {
    const search = withFilters(searchParams, next, ['solved', 'q']);
    if (pair.a !== null) search.set('a', String(pair.a));
    if (pair.b !== null) search.set('b', String(pair.b));
    replace(`?${search.toString()}`);
  };
  const setSide = (side: 'a' | 'b', id: number) => {
    const a = side === 'a' ? id : (pair.a ?? id);
    const b = side === 'b' ? id : (pair.b ?? id);
    replace(triageSearch(searchParams, a, b));
  };
  const A = ia >= 0 ? checkpoints[ia] : undefined;
  const B = ib >= 0 ? checkpoints[ib] : undefined;
  const shownSearch = filtersToSearch(data.data.filters);

  return (
    <div
      className={data.isFetching ? 'fetching' : undefined}
      data-testid="triage-view"
      data-filters={filtersToSearch(filters)}
      data-shown-filters={shownSearch}
      data-a={pair.a ?? ''}
      data-b={pair.b ?? ''}
      data-evidence={evidence.data ? 'ready' : 'loading'}
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
        {/* A shared link keeps the evidence of its pair only. */}
        <fieldset disabled={readOnly} className="plain filters triage-pickers">
          <CheckpointSelect
            label="Checkpoint A"
            testId="triage-a"
            value={pair.a}
            checkpoints={checkpoints}
            onChange={(id) => setSide('a', id)}
          />
          <button
            type="button"
            data-testid="triage-swap"
            disabled={pair.a === null || pair.b === null}
            onClick={() => pair.a !== null && pair.b !== null && replace(triageSearch(searchParams, pair.b, pair.a))}
          >
            ⇄ Swap
          </button>
          <CheckpointSelect
            label="Checkpoint B"
            testId="triage-b"
            value={pair.b}
            checkpoints={checkpoints}
            onChange={(id) => setSide('b', id)}
          />
        </fieldset>
        {/* Computed from the pinned counts, so a shared link's reader may change them too. */}
        <div className="stats-controls">
          <SolvedRuleControl rule={rule} onChange={(next) => replace(withStatsParams(searchParams, { rule: next }))} />
          <QThresholdControl q={q} onChange={(next) => replace(withStatsParams(searchParams, { q: next }))} />
        </div>
        <StatsProblems problems={stats.problems} />
        {pair.unknown.length > 0 && (
          <div className="banner banner-error" role="alert" data-testid="triage-unknown">
            This link names checkpoint {pair.unknown.map((u) => `“${u}”`).join(' and ')}, which this study has no data
            for under these filters. Choose the checkpoints above.
          </div>
        )}
      </section>
      {checkpoints.length < 2 ? (
        <section className="card">
          <EmptyState title="Triage needs two checkpoints with judged samples">
            Choose other filters, or evaluate more checkpoints.
          </EmptyState>
        </section>
      ) : triage && A && B ? (
        <>
          <section className="card">
            <h2>
              A: {A.name} vs B: {B.name}
            </h2>
            {A.id === B.id && (
              <p className="banner banner-synthetic">A and B are the same checkpoint: nothing can differ.</p>
            )}
            {triage.problems === 0 ? (
              <EmptyState title="No problem has judged samples from both checkpoints">
                Choose other checkpoints or filters.
              </EmptyState>
            ) : (
              <TriageSummary triage={triage} a={A} b={B} />
            )}
          </section>
          <section className="card">
            <h2>Problems, most significant first</h2>
            <TriageQueue
              studyId={studyId}
              rows={triage.queue}
              a={A}
              b={B}
              threshold={triage.threshold}
              rule={triage.rule}
              filterSearch={shownSearch}
              tiersLoaded={evidence.data !== undefined}
            />
            {evidence.error && (
              <p className="export-error" role="alert">
                First failing tiers could not be loaded: {evidence.error.message}
              </p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
