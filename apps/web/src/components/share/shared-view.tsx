'use client';

import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { studyFacetsQuery } from '@/lib/frontier-queries';
import { studyDataQuery } from '@/lib/queries';
import { datasetKey, datasetsForView, parseView, type SharePayload } from '@/lib/share';
import type { StudyData } from '@frontier/core';
import { ErrorState, Loading } from '../status';
import { SHARED_VIEWS } from './registry';

interface Props {
  studyId: number;
  studyName: string;
  view: string;
  createdAt: string;
  pinnedVersion: number;
  currentVersion: number;
  payload: SharePayload;
}

/**
 * A shared link: a read-only copy of a study view. It shows the data pinned when the link was
 * made; when the study's data has changed since, it says so and offers the current data too.
 */
export function SharedView({ studyId, studyName, view, createdAt, pinnedVersion, currentVersion, payload }: Props) {
  const changed = pinnedVersion !== currentVersion;
  const [source, setSource] = useState<'pinned' | 'current'>('pinned');
  const parsed = parseView(view, studyId);
  const View = parsed.ok ? SHARED_VIEWS[parsed.subpath] : undefined;

  const showCurrent = changed && source === 'current' && parsed.ok;
  const meta = useQueries({ queries: [{ ...studyFacetsQuery(studyId), enabled: showCurrent }] })[0]!;
  const wanted = showCurrent && meta.data ? datasetsForView(parsed.subpath, parsed.filters, meta.data.facets) : [];
  const current = useQueries({ queries: wanted.map((f) => studyDataQuery(studyId, f)) });

  let body;
  if (!parsed.ok || !View) {
    body = <ErrorState title="This shared link cannot be shown." message={parsed.ok ? `the ${parsed.subpath.slice(1)} view is not shareable yet` : parsed.message} />;
  } else if (!showCurrent) {
    body = <View studyId={studyId} search={parsed.search} data={payload.datasets[datasetKey(parsed.filters)]!} datasets={payload.datasets} facets={payload.facets} queries={payload.queries ?? []} readOnly />;
  } else {
    const error = meta.error ?? current.find((q) => q.error)?.error;
    if (error) body = <ErrorState title="Could not load the current data." message={error.message} onRetry={() => void meta.refetch()} />;
    else if (!meta.data || current.some((q) => !q.data)) body = <Loading what="the current data" />;
    else {
      const datasets: Record<string, StudyData> = Object.fromEntries(wanted.map((f, i) => [datasetKey(f), current[i]!.data!]));
      body = <View key="current" studyId={studyId} search={parsed.search} data={datasets[datasetKey(parsed.filters)]!} datasets={datasets} facets={meta.data.facets} queries={[]} readOnly />;
    }
  }

  return (
    <>
      <div className="banner banner-info shared-banner" data-testid="shared-banner">
        <div>
          <strong>Shared view</strong> (read-only) of <Link href={view}>{studyName}</Link>, made {new Date(createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.
        </div>
        <Link href={view} data-testid="open-live">Open the live view</Link>
      </div>
      {changed && (
        <div className="banner banner-synthetic" role="status" data-testid="data-changed">
          <strong>The data has changed since this link was shared</strong> (data version {pinnedVersion} then, {currentVersion} now).{' '}
          <span role="radiogroup" aria-label="Which data to show">
            <label>
              <input type="radio" name="source" data-testid="show-pinned" checked={source === 'pinned'} onChange={() => setSource('pinned')} /> Show the pinned version
            </label>{' '}
            <label>
              <input type="radio" name="source" data-testid="show-current" checked={source === 'current'} onChange={() => setSource('current')} /> Show the current data
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
