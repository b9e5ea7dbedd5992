'use client';

import type { Facets } from '@/lib/study/facets';
import type { Filters } from '@/lib/study/filters';
import { FilterBar } from './filter-bar';
import { ShareButton } from './share/share-button';
import type { ViewLocation } from './share/view-location';

/**
 * A study tab's filter bar and its Share button. In a shared link the filters are disabled (only
 * the data under the pinned filters was kept) and there is nothing to share again.
 */
export function TabFilters({
  studyId,
  location,
  filters,
  facets,
  undated,
  onChange,
}: {
  studyId: number;
  location: ViewLocation;
  filters: Filters;
  facets: Facets | undefined;
  /** StudyData.undated of the data on screen. */
  undated?: number;
  onChange: (next: Filters) => void;
}) {
  return (
    <div className="tab-filters">
      <fieldset disabled={location.readOnly} className="plain">
        {facets && <FilterBar filters={filters} facets={facets} undated={undated} onChange={onChange} />}
      </fieldset>
      {/* The URL is the view's state: read at click time, after any pending update of it. */}
      {!location.readOnly && (
        <ShareButton studyId={studyId} view={() => `${location.pathname}${window.location.search}`} />
      )}
    </div>
  );
}
