'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parsePageFilters, type Filters } from '@/lib/study/filters';
import { studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { studyDataQuery } from '@/lib/study/queries';
import { useViewLocation } from './share/view-location';

/**
 * What the matrix, triage and ensembles tabs share: their location (the URL, or a shared link's
 * pinned state), the filters read from it, the study data under them and the filter values.
 */
export function useStudyTab(studyId: number) {
  const location = useViewLocation();
  const parsedFilters = parsePageFilters(location.searchParams);
  const filters: Filters = parsedFilters.success ? parsedFilters.data : {};
  const data = useQuery({ ...studyDataQuery(studyId, filters), placeholderData: keepPreviousData });
  // The filter values do not depend on the filters: one small query shared by every tab.
  const facets = useQuery(studyFacetsQuery(studyId));
  return { location, parsedFilters, filters, data, facets };
}
