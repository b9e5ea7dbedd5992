import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { JobsView } from '@/components/jobs/jobs-view';
import { jobsQuery } from '@/lib/job-queries';
import { getQueryClient } from '@/lib/query-client';
import { listJobs } from '@/server/jobs';

export const metadata: Metadata = { title: 'Jobs' };

// Pipeline jobs of every study, newest chain first, live while any job is active.
export default async function JobsPage() {
  await connection(); // read the database per request, never at build time
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...jobsQuery(), queryFn: () => listJobs({}) });
  return (
    <>
      <p>
        <Link href="/">← All studies</Link>
      </p>
      <h1>Pipeline jobs</h1>
      <p className="muted">Merge → generate → judge → aggregate, one chain per alpha and study.</p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <JobsView />
      </HydrationBoundary>
    </>
  );
}
