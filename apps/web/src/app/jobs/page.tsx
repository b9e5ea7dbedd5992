import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { JobsView } from '@/components/jobs/jobs-view';
import { listJobs } from '@/server/jobs';

export const metadata: Metadata = { title: 'Jobs' };

// Pipeline jobs of every study, newest chain first, live while any job is active.
export default async function JobsPage() {
  await connection(); // read the database per request, never at build time
  const jobs = await listJobs({});
  return (
    <>
      <p>
        <Link href="/">← All studies</Link>
      </p>
      <h1>Pipeline jobs</h1>
      <p className="muted">Merge → generate → judge → aggregate, one chain per alpha and study.</p>
      <JobsView initial={jobs} />
    </>
  );
}
