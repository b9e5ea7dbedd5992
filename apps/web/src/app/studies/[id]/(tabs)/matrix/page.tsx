import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MatrixView } from '@/components/matrix/matrix-view';
import { parsePageFilters } from '@/lib/study/filters';
import { getQueryClient } from '@/lib/api/query-client';
import { studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { studyDataQuery } from '@/lib/study/queries';
import { studyIdSchema } from '@/lib/study/study-id';
import { HttpError } from '@/server/http-error';
import { getStudyData } from '@/server/study-data';
import { getStudyFacets } from '@/server/study-facets';

export const metadata: Metadata = { title: 'Solve matrix' };

// The per-problem solve matrix. The server reads the study data for this URL's filters (from the
// aggregates, cached per data version) and hydrates the browser's cache; the matrix itself is
// derived in the browser. Invalid filters are reported by the view, which then shows no data.
export default async function MatrixPage(props: PageProps<'/studies/[id]/matrix'>) {
  const id = studyIdSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  const filters = parsePageFilters(await props.searchParams);
  const queryClient = getQueryClient();
  if (filters.success) {
    try {
      await Promise.all([
        queryClient.fetchQuery({
          ...studyDataQuery(id.data, filters.data),
          queryFn: () => getStudyData(id.data, filters.data),
        }),
        queryClient.fetchQuery({ ...studyFacetsQuery(id.data), queryFn: () => getStudyFacets(id.data) }),
      ]);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) notFound();
      throw err;
    }
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MatrixView studyId={id.data} />
    </HydrationBoundary>
  );
}
