import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JobsView } from '@/components/jobs/jobs-view';
import { studyIdSchema } from '@/lib/study/study-id';
import { listJobs } from '@/server/jobs';

export const metadata: Metadata = { title: 'Jobs' };

// The study's pipeline jobs, one card per alpha chain, live while any job is active. The layout
// above has the header, the "Evaluate alpha" form and the pipeline status.
export default async function StudyJobsPage(props: PageProps<'/studies/[id]/jobs'>) {
  const id = studyIdSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  const jobs = await listJobs({ studyId: id.data });
  return (
    <>
      <h2>Pipeline jobs</h2>
      <JobsView studyId={id.data} initial={jobs} />
    </>
  );
}
