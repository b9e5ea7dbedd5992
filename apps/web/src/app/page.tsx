import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { connection } from 'next/server';
import { PipelineStatus } from '@/components/jobs/pipeline-status';
import { StudyList } from '@/components/study-list';
import { getQueryClient } from '@/lib/api/query-client';
import { studiesQuery } from '@/lib/study/queries';
import { listStudies } from '@/server/studies';

// The studies list. Prefetched on the server so the first render has data; a failed prefetch
// is left to the browser, whose query shows the error and a retry button.
export default async function StudiesPage() {
  await connection(); // read the database per request, never at build time
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...studiesQuery(), queryFn: listStudies });
  return (
    <>
      <h1>Studies</h1>
      <p className="muted">Each study is a sweep of checkpoints between a low- and a high-coverage endpoint.</p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PipelineStatus />
        <StudyList />
      </HydrationBoundary>
    </>
  );
}
