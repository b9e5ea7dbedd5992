'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { JobState } from '@/lib/api-types';
import { groupChains, pipelineProgress } from '@/lib/job-chains';
import { jobsQuery } from '@/lib/job-queries';
import { EmptyState, ErrorState, Loading } from '../status';
import { JobChainCard } from './job-chain-card';

const STATES: JobState[] = ['RUNNING', 'QUEUED', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

/** Pipeline jobs grouped by alpha chain, of one study (studyId) or of all studies. */
export function JobsView({ studyId }: { studyId?: number }) {
  const { data: jobs, error, isPending, refetch } = useQuery(jobsQuery(studyId));
  if (isPending) return <Loading what="jobs" />;
  if (error) return <ErrorState title="Could not load the jobs." message={error.message} onRetry={() => void refetch()} />;
  if (jobs.length === 0) {
    return (
      <EmptyState title="No pipeline jobs yet">
        {studyId === undefined ? 'Evaluate an alpha from a study page' : 'Evaluate an alpha above'} to queue merge → generate → judge → aggregate.
      </EmptyState>
    );
  }
  const chains = groupChains(jobs);
  const progress = pipelineProgress(chains);
  const counts = STATES.map((s) => [s, jobs.filter((j) => j.state === s).length] as const).filter(([, n]) => n > 0);
  return (
    <div data-testid="jobs-view" data-active={progress.active}>
      <p className="muted jobs-summary" data-testid="jobs-summary">
        {jobs.length} job{jobs.length === 1 ? '' : 's'} in {chains.length} chain{chains.length === 1 ? '' : 's'}:{' '}
        {counts.map(([s, n]) => `${n} ${s.toLowerCase()}`).join(', ')}.
        {progress.active ? ' Updating every second.' : ''}
        {studyId !== undefined && (
          <>
            {' '}
            <Link href="/jobs">Jobs of all studies</Link>
          </>
        )}
      </p>
      {chains.map((chain) => (
        <JobChainCard key={chain.id} chain={chain} showStudy={studyId === undefined} />
      ))}
    </div>
  );
}
