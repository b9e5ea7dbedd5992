'use client';

import { plural } from '@frontier/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { completedChainIds, groupChains, pipelineProgress } from '@/lib/job-chains';
import { jobsQuery } from '@/lib/job-queries';

/**
 * "Pipeline running: X of Y jobs done" while a study's (or any study's) jobs are active; nothing
 * otherwise. Also the one place that notices a chain finishing and refreshes the study's data,
 * so a new alpha's point appears on the frontier without a reload.
 */
export function PipelineStatus({ studyId }: { studyId?: number }) {
  const queryClient = useQueryClient();
  const { data: jobs } = useQuery(jobsQuery(studyId));
  const chains = jobs ? groupChains(jobs) : [];
  const completed = completedChainIds(chains).join(',');
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (jobs === undefined) return;
    const before = seen.current;
    seen.current = completed;
    // The first list is the baseline; a chain that completes after it changes the study's data.
    if (before === null || before === completed) return;
    const known = new Set(before.split(','));
    if (completed.split(',').some((id) => id !== '' && !known.has(id))) {
      void queryClient.invalidateQueries({ queryKey: studyId === undefined ? ['studies'] : ['studies', studyId] });
      void queryClient.invalidateQueries({ queryKey: ['studies'], exact: true });
    }
  }, [jobs, completed, studyId, queryClient]);

  const progress = pipelineProgress(chains);
  if (!progress.active) return null;
  const pct = progress.total ? Math.floor((100 * progress.done) / progress.total) : 0;
  return (
    <div className="pipeline-status" role="status" data-testid="pipeline-status" data-done={progress.done} data-total={progress.total}>
      <span className="spinner" aria-hidden />
      Pipeline running: {progress.done} of {plural(progress.total, 'job')} done ({pct}%).{' '}
      <Link href={studyId === undefined ? '/jobs' : `/studies/${studyId}/jobs`}>See the jobs</Link>
    </div>
  );
}
