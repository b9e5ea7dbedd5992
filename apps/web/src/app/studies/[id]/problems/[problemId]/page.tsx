import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProblemView } from '@/components/problem/problem-view';
import { problemQuery } from '@/components/problem/queries';
import { idSchema } from '@/lib/problem-params';
import { getQueryClient } from '@/lib/query-client';
import { HttpError } from '@/server/http-error';
import { getProblemDetail, getProblemMeta } from '@/server/problem';

type Props = PageProps<'/studies/[id]/problems/[problemId]'>;

async function ids(props: Props) {
  const { id, problemId } = await props.params;
  const s = idSchema.safeParse(id);
  const p = idSchema.safeParse(problemId);
  return s.success && p.success ? { studyId: s.data, problemId: p.data } : null;
}

const one = (v: string | string[] | undefined) => (typeof v === 'string' && v !== '' ? v : undefined);

export async function generateMetadata(props: Props): Promise<Metadata> {
  const p = await ids(props);
  const meta = p ? await getProblemMeta(p.studyId, p.problemId).catch(() => undefined) : undefined;
  return { title: meta ? `${meta.externalId} ${meta.title}` : 'Problem' };
}

// A problem's drill-down: metadata, statement, counts per checkpoint (aggregates), its samples,
// one sample's per-test record and code, and a diff of two samples. The header and counts are
// read on the server and hydrated; samples load in the browser as they are asked for.
export default async function ProblemPage(props: Props) {
  const p = await ids(props);
  if (!p) notFound();
  const search = await props.searchParams;
  const scope = { setting: one(search.setting), scale: one(search.scale) };
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery({ ...problemQuery(p.studyId, p.problemId, scope), queryFn: () => getProblemDetail(p.studyId, p.problemId, scope) });
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
