import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { StudyView } from '@/components/study-view';
import { parsePageFilters } from '@/lib/filters';
import { getQueryClient } from '@/lib/query-client';
import { frontierQuery } from '@/lib/queries';
import { studyIdSchema } from '@/lib/study-id';
import { getFrontier } from '@/server/frontier';
import { HttpError } from '@/server/http-error';
import { getStudy } from '@/server/studies';

export async function generateMetadata(props: PageProps<'/studies/[id]'>): Promise<Metadata> {
  const id = studyIdSchema.safeParse((await props.params).id);
  const study = id.success ? await getStudy(id.data).catch(() => undefined) : undefined;
  return { title: study?.name ?? 'Study' };
}

// A study: the frontier, solve rate against alpha and the plotted numbers, filtered by the query
// string. The server fetches the data for exactly this URL and hydrates the browser's cache.
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
    await queryClient.fetchQuery({ ...frontierQuery(id.data, filters.data), queryFn: () => getFrontier(id.data, filters.data) });
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
