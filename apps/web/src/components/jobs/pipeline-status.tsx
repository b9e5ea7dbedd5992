'use client';

import { isActiveJobState, plural } from '@frontier/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { formatAlpha } from '@/lib/format';
import { completedChainIds, groupChains, pipelineProgress } from '@/lib/jobs/job-chains';
import { jobsQuery } from '@/lib/jobs/job-queries';
import { ProgressBar } from './progress-bar';

/**
 * One line, "Pipeline running: X of Y jobs done (Z%)", while a study's (or any study's) jobs are
 * active, unfolding to each running chain's current step (on the Jobs tab, which lists every job
 * in full, just the line); nothing otherwise. Also the one place that notices a chain finishing
 * and refreshes the study's data, so a new alpha's point appears on the frontier without a reload.
 */
export function PipelineStatus({ studyId }: { studyId?: number }) {
  const queryClient = useQueryClient();
  const pathname = usePathname();
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
  const jobsHref = studyId === undefined ? '/jobs' : `/studies/${studyId}/jobs`;
  if (!progress.active) return null;
  const pct = progress.total ? Math.floor((100 * progress.done) / progress.total) : 0;
  const line = (
    <span role="status">
      Pipeline running: {progress.done} of {plural(progress.total, 'job')} done ({pct}%).
    </span>
  );
  if (pathname === jobsHref) {
    return (
      <p
        className="pipeline-status pipeline-status-line"
        data-testid="pipeline-status"
        data-done={progress.done}
        data-total={progress.total}
      >
        <span className="spinner" aria-hidden />
        {line}
      </p>
    );
  }
  const live = chains.filter((c) => c.jobs.some((j) => isActiveJobState(j.state)));
  return (
    <details
      className="pipeline-status popover"
      data-testid="pipeline-status"
      data-done={progress.done}
      data-total={progress.total}
    >
      <summary>
        <span className="spinner" aria-hidden />
        {line}
        <Link href={jobsHref}>{studyId === undefined ? 'Jobs' : 'Jobs tab'}</Link>
      </summary>
      <div className="popover-panel pipeline-chains">
        <ul>
          {live.map((chain) => {
            const step = chain.jobs.find((j) => isActiveJobState(j.state)) ?? chain.jobs.at(-1)!;
            return (
              <li key={chain.id} data-testid="pipeline-chain" data-alpha={chain.alpha ?? ''}>
                <span className="pipeline-chain-name">
                  {studyId === undefined && `${chain.studyName}: `}α = {formatAlpha(chain.alpha)}, {step.kind}{' '}
                  {step.state.toLowerCase()}
                </span>
                <ProgressBar job={step} testId="pipeline-chain-progress" />
              </li>
            );
          })}
        </ul>
      </div>
    </details>
  );
}
