import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProblemView } from '@/components/problem/problem-view';
import { problemQuery } from '@/components/problem/queries';
import { idSchema, problemQuerySchema } from '@/lib/problem/problem-params';
import { getQueryClient } from '@/lib/api/query-client';
import { HttpError } from '@/server/http-error';
import { getProblemDetail, getProblemMeta } from '@/server/problem';

type Props = PageProps<'/studies/[id]/problems/[problemId]'>;

async function ids(props: Props) {
  const { id, problemId } = await props.params;
  const s = idSchema.safeParse(id);
  const p = idSchema.safeParse(problemId);
  return s.success && p.success ? { studyId: s.data, problemId: p.data } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const p = await ids(props);
  const meta = p ? await getProblemMeta(p.studyId, p.problemId).catch(() => undefined) : undefined;
  return { title: meta ? `${meta.externalId} ${meta.title}` : 'Problem' };
}

// A problem's drill-down: metadata, statement, counts per checkpoint (aggregates), its samples,
// one sample's per-test record and code, and a diff of two samples. The header and counts are
// read on the server and hydrated; samples load in the browser as they are asked for. No loading
// fallback streams before this runs (see ../../(tabs)/loading.tsx), so an unknown problem is a 404.
export default async function ProblemPage(props: Props) {
  const p = await ids(props);
  if (!p) notFound();
  const { setting, scale } = await props.searchParams;
  const scope = problemQuerySchema.safeParse({ setting, scale });
  const queryClient = getQueryClient();
  try {
    if (scope.success) {
      await queryClient.fetchQuery({
        ...problemQuery(p.studyId, p.problemId, scope.data),
        queryFn: () => getProblemDetail(p.studyId, p.problemId, scope.data),
      });
    } else {
      // A bad setting or scale is the view's to report (it shows the API's 400 message); the
      // problem itself must still exist.
      await getProblemMeta(p.studyId, p.problemId);
    }
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ProblemView studyId={p.studyId} problemId={p.problemId} />
    </HydrationBoundary>
  );
}
