import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/api-fetch';
import type { StudyFacetsResponse } from '../study/facets';
import type { Filters } from '../study/filters';

// Query options of the Frontier tab beyond the shared ones in ./queries (the study data itself
// is `studyDataQuery`). The server page prefetches with the same keys.

export const studyFacetsQuery = (studyId: number) =>
  queryOptions({
    queryKey: ['studies', studyId, 'facets'] as const,
    queryFn: ({ signal }) => apiGet<StudyFacetsResponse>(`/api/studies/${studyId}/facets`, signal),
    staleTime: 30_000,
  });

export interface DatasetSpec {
  /** The inference setting this dataset's series belong to; null when settings are pooled. */
  setting: string | null;
  filters: Filters;
}

/**
 * Which study-data reads the Frontier tab needs: one per inference setting when no setting
 * filter picks one (one series per setting x scale), else just the filtered one. A study with a
 * single setting reads the unfiltered data, which is the same numbers under the key other tabs use.
 */
export function frontierDatasets(filters: Filters, settings: readonly string[]): DatasetSpec[] {
  if (filters.setting !== undefined) return [{ setting: filters.setting, filters }];
  if (settings.length <= 1) return [{ setting: settings[0] ?? null, filters }];
  return settings.map((setting) => ({ setting, filters: { ...filters, setting } }));
}
