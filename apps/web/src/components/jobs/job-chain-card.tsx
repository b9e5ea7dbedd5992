'use client';

import { formatTimestamp, isActiveJobState, plural } from '@frontier/core';
import Link from 'next/link';
import type { JobSummary } from '@/lib/jobs/job-summary';
import { formatAlpha } from '@/lib/format';
import { chainTimes, type JobChain } from '@/lib/jobs/job-chains';
import { formatDuration, jobDurationMs, queuedByLabel } from '@/lib/jobs/job-format';
import { useCan } from '../caller-context';
import { ProgressBar } from './progress-bar';
import { RefineDetails } from './refine-details';
import { StateBadge } from './state-badge';
import { useCancelJob } from './use-cancel-job';
import { useNow } from './use-now';

function JobRow({
  job,
  now,
  onCancel,
  cancelling,
}: {
  job: JobSummary;
  now: number | null;
  onCancel?: () => void;
  cancelling: boolean;
}) {
  const duration = jobDurationMs(job, now);
  // While a retry waits, the row is still RUNNING and carries the failed attempt's message.
  const retrying = job.state === 'RUNNING' && job.error !== null;
  return (
    <>
      <tr data-testid="job-row" data-job-id={job.id} data-kind={job.kind} data-state={job.state}>
        <td className="job-kind">{job.kind}</td>
        <td>
          <StateBadge state={job.state} />
        </td>
        <td className="job-progress-cell">
          <ProgressBar job={job} />
        </td>
        <td data-testid="job-attempts" data-value={job.attempts}>
          {job.attempts} / {job.maxAttempts}
        </td>
        <td data-testid="job-duration">{duration === null ? '—' : formatDuration(duration)}</td>
        <td className="job-actions">
          {onCancel && isActiveJobState(job.state) && (
            <button
              type="button"
              data-testid="job-cancel"
              onClick={onCancel}
              disabled={cancelling}
              title="Cancel this step and the steps after it"
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          )}
        </td>
      </tr>
      {job.error && job.state !== 'SUCCEEDED' && (
        <tr className={`job-error-row ${job.state === 'CANCELLED' ? 'job-error-quiet' : ''}`}>
          <td colSpan={6} data-testid="job-error">
            {job.state === 'FAILED' && <strong>Failed after {plural(job.attempts, 'attempt')}: </strong>}
            {retrying && <strong>Attempt {job.attempts} failed, retrying: </strong>}
            {job.state === 'CANCELLED' && <strong>Cancelled: </strong>}
            <span className="job-error-text">{job.error}</span>
          </td>
        </tr>
      )}
    </>
  );
}

/** When the chain was queued (and by whom, or by which refinement run), started and finished. */
function ChainTimeline({ chain }: { chain: JobChain }) {
  const first = chain.jobs[0];
  const by = first ? queuedByLabel(first) : null;
  const { queuedAt, startedAt, finishedAt } = chainTimes(chain);
  return (
    <p className="muted job-chain-times">
      <span data-testid="chain-queued" data-value={queuedAt}>
        Queued {formatTimestamp(queuedAt)}
      </span>
      {by && <span data-testid="chain-created-by"> by {by}</span>}
      {first?.parentId != null && (
        <span data-testid="chain-parent">
          {' '}
          for <a href={`#job-chain-${first.parentId}`}>refinement run #{first.parentId}</a>
        </span>
      )}
      {' · '}
      <span data-testid="chain-started" data-value={startedAt ?? ''}>
        {startedAt ? `started ${formatTimestamp(startedAt)}` : 'not started yet'}
      </span>
      {finishedAt && (
        <>
          {' · '}
          <span data-testid="chain-finished" data-value={finishedAt}>
            finished {formatTimestamp(finishedAt)}
            {startedAt && `, after ${formatDuration(Date.parse(finishedAt) - Date.parse(startedAt))}`}
          </span>
        </>
      )}
    </p>
  );
}

/** One alpha's chain, merge -> generate -> judge -> aggregate (or an import's judge -> aggregate), with a row per step. */
export function JobChainCard({ chain, showStudy = false }: { chain: JobChain; showStudy?: boolean }) {
  const now = useNow();
  const cancel = useCancelJob();
  const canCancel = useCan('write');
  const first = chain.jobs[0];
  const title =
    first?.kind === 'refine'
      ? `Refinement run #${first.id}`
      : first?.rejudge
        ? `Re-judging #${first.id}`
        : chain.alpha === null
          ? 'Imported results'
          : `α = ${formatAlpha(chain.alpha)}`;
  return (
    <section
      className="card job-chain"
      id={`job-chain-${chain.id}`}
      data-testid="job-chain"
      data-chain-id={chain.id}
      data-alpha={chain.alpha ?? ''}
      data-state={chain.state}
    >
      <header className="job-chain-head">
        <h3>{title}</h3>
        <StateBadge state={chain.state} testId="chain-state" />
        <span className="muted" data-testid="chain-done">
          {chain.done} of {plural(chain.jobs.length, 'step')} done
        </span>
        {showStudy && (
          <Link href={`/studies/${chain.studyId}/jobs`} className="job-chain-study">
            {chain.studyName}
          </Link>
        )}
      </header>
      <ChainTimeline chain={chain} />
      {cancel.error && (
        <p className="job-cancel-error" role="alert">
          Could not cancel: {cancel.error.message}
        </p>
      )}
      {first?.refine && <RefineDetails refine={first.refine} />}
      {first?.rejudge && (
        <p className="muted" data-testid="rejudge-summary" data-changes={JSON.stringify(first.rejudge.changes)}>
          Judged again with the current judge version{first.rejudge.force ? ', every program run again' : ''}:{' '}
          {plural(first.rejudge.samples, 'sample')}
          {isActiveJobState(first.state) ? ' so far' : ''}, {first.rejudge.summary}
          {first.rejudge.firstJudged ? ` (${plural(first.rejudge.firstJudged, 'sample')} had no verdict before)` : ''}.
        </p>
      )}
      <table className="jobs-table">
        <thead>
          <tr>
            <th>Step</th>
            <th>State</th>
            <th>Progress</th>
            <th>Attempts</th>
            <th>Duration</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {chain.jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              now={now}
              onCancel={canCancel ? () => cancel.mutate(job.id) : undefined}
              cancelling={cancel.isPending && cancel.variables === job.id}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
