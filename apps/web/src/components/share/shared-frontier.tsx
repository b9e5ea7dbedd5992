'use client';

import { useMemo, useState } from 'react';
import { frontierDatasets } from '@/lib/frontier/frontier-queries';
import { parseFrontierState, type FrontierViewState } from '@/lib/frontier/frontier-state';
import { datasetKey } from '@/lib/share/share';
import { FrontierExplorer } from '../frontier-explorer';
import { EmptyState } from '../status';
import type { SharedViewProps } from './shared-view-props';

/** The Frontier tab in a shared link: the pinned view; the slider, k and axes still work, locally. */
export function SharedFrontier({ studyId, search, data, datasets, facets }: SharedViewProps) {
  const filters = data.filters;
  const [state, setState] = useState<FrontierViewState>(() => parseFrontierState(search));
  const specs = useMemo(() => frontierDatasets(filters, facets.settings), [filters, facets.settings]);
  const inputs = useMemo(
    () =>
      specs.flatMap((s) =>
        datasets[datasetKey(s.filters)] ? [{ setting: s.setting, data: datasets[datasetKey(s.filters)]! }] : [],
      ),
    [specs, datasets],
  );
  if (inputs.length < specs.length) {
    return (
      <EmptyState title="This shared view is incomplete">
        Its data for some inference settings is missing; open the study itself instead.
      </EmptyState>
    );
  }
  return (
    <div data-testid="study-view" data-filters={datasetKey(filters)} data-shown-filters={datasetKey(filters)}>
      <FrontierExplorer
        studyId={studyId}
        datasets={inputs}
        facets={facets}
        pending={0}
        filters={filters}
        state={state}
        onStateChange={setState}
        readOnly
      />
    </div>
  );
}
