'use client';

import { useQuery } from '@tanstack/react-query';
import type { JobState } from '@frontier/core';
import { formatAlpha } from '@/lib/format';
import { groupChains } from '@/lib/jobs/job-chains';
import { jobsQuery } from '@/lib/jobs/job-queries';
import { JobChainCard } from '../jobs/job-chain-card';
import { useEvaluateSubmissions } from './evaluate-submissions';

/** What an alpha's existing chain was doing when it was asked for again. */
const STANDING_WORDS: Partial<Record<JobState, string>> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  SUCCEEDED: 'evaluated',
};

/**
 * The chains queued from this page, on one line that unfolds to their cards (the Jobs tab has
 * every job in full); what was not queued again, and why. Nothing before anything is asked.
 */
export function EvaluateStatus({ studyId }: { studyId: number }) {
  const { submitted, clear } = useEvaluateSubmissions();
  const { data: jobs } = useQuery({ ...jobsQuery(studyId), enabled: submitted.length > 0 });
  if (submitted.length === 0) return null;
  const ids = new Set(submitted.flatMap((c) => c.jobIds));
  const chains = groupChains(jobs ?? []).filter((c) => c.jobs.some((j) => ids.has(j.id)));
  const existing = submitted.filter((c) => c.existing);
  const done = chains.reduce((n, c) => n + c.done, 0);
  const steps = chains.reduce((n, c) => n + c.jobs.length, 0);
  return (
    <div className="evaluate-status">
      {existing.length > 0 && (
        <span className="muted evaluate-existing" data-testid="evaluate-existing">
          Not queued again, each already has its chain:{' '}
          {existing
            .map((c) => `α = ${formatAlpha(c.alpha)} (${STANDING_WORDS[c.state] ?? c.state.toLowerCase()})`)
            .join(', ')}
          .
        </span>
      )}
      {chains.length > 0 && (
        <details className="evaluate-chains popover" data-testid="evaluate-chains">
          <summary>
            {chains.length === 1 ? `α = ${formatAlpha(chains[0]!.alpha)}` : `${chains.length} alphas`}: {done} of{' '}
            {steps} steps done
          </summary>
          <div className="popover-panel">
            {chains.map((chain) => (
              <JobChainCard key={chain.id} chain={chain} />
            ))}
            <button type="button" className="link-button" onClick={clear} data-testid="evaluate-dismiss">
              Hide these jobs
            </button>
          </div>
        </details>
      )}
    </div>
  );
}
