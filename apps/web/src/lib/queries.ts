import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-fetch';
import type { FrontierResponse, StudySummary } from './api-types';
import type { StudyData } from './study-data';
import { filtersToSearch, type Filters } from './filters';

// Query keys and browser fetchers in one place. The server prefetches with the same keys and
// its own query functions (direct database reads), then hydrates the browser's cache.

export const studiesQuery = () =>
  queryOptions({
    queryKey: ['studies'] as const,
    queryFn: async ({ signal }) => (await apiGet<{ studies: StudySummary[] }>('/api/studies', signal)).studies,
  });

export const frontierQuery = (studyId: number, filters: Filters) =>
  queryOptions({
    // Normalised filters in the key: `{}` and `{ difficulty: undefined }` are the same view.
    queryKey: ['studies', studyId, 'frontier', filtersToSearch(filters)] as const,
    queryFn: ({ signal }) => apiGet<FrontierResponse>(`/api/studies/${studyId}/frontier${filtersToSearch(filters)}`, signal),
  });

export const studyDataQuery = (studyId: number, filters: Filters) =>
  queryOptions({
    queryKey: ['studies', studyId, 'data', filtersToSearch(filters)] as const,
    queryFn: ({ signal }) => apiGet<StudyData>(`/api/studies/${studyId}/data${filtersToSearch(filters)}`, signal),
    // The data of a version never changes; a new version arrives under a refetch.
    staleTime: 30_000,
  });
