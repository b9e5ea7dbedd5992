import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { StudyView } from '@/components/study-view';
import { parsePageFilters } from '@/lib/study/filters';
import { frontierDatasets, studyFacetsQuery } from '@/lib/frontier/frontier-queries';
import { getQueryClient } from '@/lib/api/query-client';
import { studyDataQuery } from '@/lib/study/queries';
import { studyIdSchema } from '@/lib/study/study-id';
import { HttpError } from '@/server/http-error';
import { getStudy } from '@/server/studies';
import { getStudyData } from '@/server/study-data';
import { getStudyFacets } from '@/server/study-facets';

export async function generateMetadata(props: PageProps<'/studies/[id]'>): Promise<Metadata> {
  const id = studyIdSchema.safeParse((await props.params).id);
  const study = id.success ? await getStudy(id.data).catch(() => undefined) : undefined;
  return { title: study?.name ?? 'Study' };
}

// The Frontier tab: alpha sweep, frontier, solve rate and verdicts along alpha, filtered by the
// query string. The server reads exactly the data this URL needs (facets, then one dataset per
// inference setting) under the browser's query keys and hydrates its cache: no request waterfall.
export default async function StudyPage(props: PageProps<'/studies/[id]'>) {
  const id = studyIdSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  const filters = parsePageFilters(await props.searchParams);
  if (!filters.success) {
    return (
      <div className="banner banner-error" role="alert" data-testid="bad-filters">
        <strong>This link has invalid filters.</strong>
        <ul>
          {filters.error.issues.map((issue) => (
            <li key={issue.path.join('.')}>
              <code>{issue.path.join('.')}</code>: {issue.message}
            </li>
          ))}
        </ul>
        <Link href={`/studies/${id.data}`}>Show the study without filters</Link>
      </div>
    );
  }
  const queryClient = getQueryClient();
  try {
    const meta = await queryClient.fetchQuery({ ...studyFacetsQuery(id.data), queryFn: () => getStudyFacets(id.data) });
    await Promise.all(
      frontierDatasets(filters.data, meta.facets.settings).map((d) =>
        queryClient.fetchQuery({
          ...studyDataQuery(id.data, d.filters),
          queryFn: () => getStudyData(id.data, d.filters),
        }),
      ),
    );
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <StudyView studyId={id.data} />
    </HydrationBoundary>
  );
}
