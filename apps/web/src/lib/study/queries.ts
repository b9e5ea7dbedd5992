import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/api-fetch';
import type { StudySummary } from './studies-api';
import type { StudyData } from '@frontier/core';
import { filtersToSearch, type Filters } from './filters';
import { GZIP_JSON_ACCEPT } from '../api/gzip-json';

// Query keys and browser fetchers in one place. The server prefetches with the same keys and
// its own query functions (direct database reads), then hydrates the browser's cache.

export const studiesQuery = () =>
  queryOptions({
    queryKey: ['studies'] as const,
    queryFn: async ({ signal }) => (await apiGet<{ studies: StudySummary[] }>('/api/studies', signal)).studies,
  });

export const studyDataQuery = (studyId: number, filters: Filters) =>
  queryOptions({
    queryKey: ['studies', studyId, 'data', filtersToSearch(filters)] as const,
    queryFn: ({ signal }) =>
      apiGet<StudyData>(`/api/studies/${studyId}/data${filtersToSearch(filters)}`, signal, GZIP_JSON_ACCEPT),
    // The data of a version never changes; a new version arrives under a refetch.
    staleTime: 30_000,
  });
