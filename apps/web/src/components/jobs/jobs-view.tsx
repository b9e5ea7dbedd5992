'use client';

import { plural } from '@frontier/core';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { JobState } from '@frontier/core';
import type { JobSummary } from '@/lib/jobs/job-summary';
import { groupChains, pipelineProgress } from '@/lib/jobs/job-chains';
import { jobsQuery } from '@/lib/jobs/job-queries';
import { useHydrated } from '@/lib/use-hydrated';
import { EmptyState, ErrorState } from '../status';
import { JobChainCard } from './job-chain-card';

const STATES: JobState[] = ['RUNNING', 'QUEUED', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

interface Props {
  studyId?: number;
  /** The jobs as the server read them for this page's HTML. */
  initial: JobSummary[];
}

/** Pipeline jobs grouped by alpha chain, of one study (studyId) or of all studies. */
export function JobsView({ studyId, initial }: Props) {
  const { data, error, refetch } = useQuery(jobsQuery(studyId));
  const hydrated = useHydrated();
  // Hydration renders exactly the server's list: the browser's cache may already hold a newer one
  // (another component on the page polls the same query), and rendering that would not match the
  // HTML. Once hydrated, the live list.
  const jobs = (hydrated && data) || initial;
  const failed = hydrated && error && (
    <ErrorState title="Could not refresh the jobs." message={error.message} onRetry={() => void refetch()} />
  );
  if (jobs.length === 0) {
    return (
      <div data-testid="jobs-view" data-hydrated={hydrated}>
        {failed}
        <EmptyState title="No pipeline jobs yet">
          {studyId === undefined ? 'Evaluate an alpha from a study page' : 'Evaluate an alpha above'} to queue merge →
          generate → judge → aggregate.
        </EmptyState>
      </div>
    );
  }
  const chains = groupChains(jobs);
  const progress = pipelineProgress(chains);
  const counts = STATES.map((s) => [s, jobs.filter((j) => j.state === s).length] as const).filter(([, n]) => n > 0);
  return (
    <div data-testid="jobs-view" data-active={progress.active} data-hydrated={hydrated}>
      {failed}
      <p className="muted jobs-summary" data-testid="jobs-summary">
        {plural(jobs.length, 'job')} in {plural(chains.length, 'chain')}:{' '}
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
