'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { studyDataQuery } from '@/lib/study/queries';
import { parsePageFilters } from '@/lib/study/filters';
import type { SharedViewProps } from './shared-view-props';
import { SharedLocationProvider } from './view-location';

/**
 * A study tab rendered from the data a shared link carries. The tab's own component runs
 * unchanged: its queries are answered from a client seeded with that data (under the keys the
 * tab asks for) that never refetches it, and its URL state comes from a local location.
 */
export function pinnedStudyView(tab: string, View: ComponentType<{ studyId: number }>): ComponentType<SharedViewProps> {
  function PinnedStudyView({ studyId, search, datasets, facets, queries, problemHref }: SharedViewProps) {
    const [client] = useState(() => {
      const c = new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: Infinity,
            refetchOnMount: false,
            refetchOnWindowFocus: false,
            refetchOnReconnect: false,
            retry: false,
          },
        },
      });
      for (const [key, data] of Object.entries(datasets)) {
        const filters = parsePageFilters(new URLSearchParams(key));
        if (filters.success) c.setQueryData(studyDataQuery(studyId, filters.data).queryKey, data);
      }
      c.setQueryData(studyFacetsQuery(studyId).queryKey, {
        facets,
        pending: 0,
        dataVersion: Object.values(datasets)[0]?.dataVersion ?? 0,
      });
      for (const q of queries) c.setQueryData(q.key, q.data);
      return c;
    });
    return (
      <QueryClientProvider client={client}>
        <SharedLocationProvider path={`/studies/${studyId}${tab}`} search={search} problemHref={problemHref}>
          <View studyId={studyId} />
        </SharedLocationProvider>
      </QueryClientProvider>
    );
  }
  PinnedStudyView.displayName = `Pinned(${View.displayName ?? View.name})`;
  return PinnedStudyView;
}
