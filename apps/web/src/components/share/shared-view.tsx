'use client';

import { formatTimestamp } from '@frontier/core';
import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState, type ReactNode } from 'react';
import { studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { sharedProblemHref } from '@/lib/problem/problem-link';
import { studyDataQuery } from '@/lib/study/queries';
import { datasetKey, datasetsForView, parseView, type SharePayload } from '@/lib/share/share';
import { parseSharedProblem } from '@/lib/share/shared-problem';
import { tabLabel } from '@/lib/study/study-tabs';
import type { StudyData } from '@frontier/core';
import { ErrorState, Loading } from '../status';
import { PinnedProblem } from './pinned-problem';
import { SHARED_VIEWS } from './registry';

type Param = string | string[] | undefined;

interface Props {
  /** Where the shared view lives: /s/TOKEN, or the offline copy's own hash (see viewer/). */
  home: string;
  /** ?problem= and ?checkpoint= of the link's URL: a problem opened from the shared matrix. */
  problem: Param;
  checkpoint: Param;
  studyId: number;
  studyName: string;
  view: string;
  createdAt: string;
  pinnedVersion: number;
  currentVersion: number;
  payload: SharePayload;
  /** What the view is, above it: by default the shared link's banner (an offline copy has its own). */
  banner?: ReactNode;
  /** Controls in the default banner (the link's "Download as HTML"). */
  actions?: ReactNode;
  /** Set in the embed other sites frame (/s/TOKEN/embed): a one-line header linking to the full link, in a new tab. */
  embed?: { shareHref: string };
}

/**
 * A shared link: a read-only copy of a study view. It shows the data pinned when the link was
 * made; when the study's data has changed since, it says so and offers the current data too.
 */
export function SharedView({
  home,
  problem,
  checkpoint,
  studyId,
  studyName,
  view,
  createdAt,
  pinnedVersion,
  currentVersion,
  payload,
  banner,
  actions,
  embed,
}: Props) {
  const changed = pinnedVersion !== currentVersion;
  const [source, setSource] = useState<'pinned' | 'current'>('pinned');
  const parsed = parseView(view, studyId);
  const View = parsed.ok ? SHARED_VIEWS[parsed.subpath] : undefined;

  const showCurrent = changed && source === 'current' && parsed.ok;
  const meta = useQueries({ queries: [{ ...studyFacetsQuery(studyId), enabled: showCurrent }] })[0]!;
  const wanted = showCurrent && meta.data ? datasetsForView(parsed.subpath, parsed.filters, meta.data.facets) : [];
  const current = useQueries({ queries: wanted.map((f) => studyDataQuery(studyId, f)) });
  const problemHref = useMemo(() => sharedProblemHref(home), [home]);

  // The view, or the problem opened from it, from the pinned data or (the reader's choice) the current data.
  const show = (
    key: string | undefined,
    datasets: Record<string, StudyData>,
    facets: SharePayload['facets'],
    queries: SharePayload['queries'],
  ) => {
    if (!parsed.ok || !View) return null;
    const data = datasets[datasetKey(parsed.filters)]!;
    if (problem !== undefined) {
      const opened = parseSharedProblem(problem, checkpoint, data);
      if (!opened.ok) {
        return (
          <div className="banner banner-error" role="alert" data-testid="bad-shared-problem">
            <strong>This link names a problem it cannot show:</strong> {opened.message}.{' '}
            <Link href={home}>Show the shared view</Link>
          </div>
        );
      }
      return (
        <PinnedProblem
          key={key}
          studyId={studyId}
          data={data}
          problemIndex={opened.problemIndex}
          checkpointId={opened.checkpointId}
          backHref={home}
          source={key === 'current' ? 'current' : 'pinned'}
        />
      );
    }
    return (
      <View
        key={key}
        studyId={studyId}
        search={parsed.search}
        data={data}
        datasets={datasets}
        facets={facets}
        queries={queries ?? []}
        problemHref={problemHref}
        readOnly
      />
    );
  };

  let body;
  if (!parsed.ok || !View) {
    body = (
      <ErrorState
        title="This shared link cannot be shown."
        message={parsed.ok ? `the ${parsed.subpath.slice(1)} view is not shareable yet` : parsed.message}
      />
    );
  } else if (!showCurrent) {
    body = show(undefined, payload.datasets, payload.facets, payload.queries);
  } else {
    const error = meta.error ?? current.find((q) => q.error)?.error;
    if (error)
      body = (
        <ErrorState
          title="Could not load the current data."
          message={error.message}
          onRetry={() => void meta.refetch()}
        />
      );
    else if (!meta.data || current.some((q) => !q.data)) body = <Loading what="the current data" />;
    else
      body = show(
        'current',
        Object.fromEntries(wanted.map((f, i) => [datasetKey(f), current[i]!.data!])),
        meta.data.facets,
        [],
      );
  }

  return (
    <>
      {embed ? (
        <div className="embed-header" data-testid="embed-header">
          <strong>{studyName}</strong>
          <span>{tabLabel(parsed.ok ? parsed.subpath : '')}</span>
          <span className="muted">
            shared view, pinned <span data-testid="shared-made">{formatTimestamp(createdAt)}</span>
          </span>
          <a href={embed.shareHref} target="_blank" rel="noopener" data-testid="embed-open-full">
            Open in Frontier Explorer ↗
          </a>
        </div>
      ) : (
        (banner ?? (
          <div className="banner banner-info shared-banner" data-testid="shared-banner">
            <div>
              <strong>Shared view</strong> (read-only) of <Link href={view}>{studyName}</Link>, made{' '}
              <span data-testid="shared-made">{formatTimestamp(createdAt)}</span>.
            </div>
            <div className="share-box">
              {actions}
              <Link href={view} data-testid="open-live">
                Open the live view
              </Link>
            </div>
          </div>
        ))
      )}
      {changed && !embed && (
        <div className="banner banner-synthetic" role="status" data-testid="data-changed">
          <strong>The data has changed since this link was shared</strong> (data version {pinnedVersion} then,{' '}
          {currentVersion} now).{' '}
          <span role="radiogroup" aria-label="Which data to show">
            <label>
              <input
                type="radio"
                name="source"
                data-testid="show-pinned"
                checked={source === 'pinned'}
                onChange={() => setSource('pinned')}
              />{' '}
              Show the pinned version
            </label>{' '}
            <label>
              <input
                type="radio"
                name="source"
                data-testid="show-current"
                checked={source === 'current'}
                onChange={() => setSource('current')}
              />{' '}
              Show the current data
            </label>
          </span>
        </div>
      )}
      <div data-testid="shared-view" data-source={showCurrent ? 'current' : 'pinned'}>
        {body}
      </div>
    </>
  );
}
