import type { JobState } from '@frontier/core';

const LABEL: Record<JobState, string> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  SUCCEEDED: 'done',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

export function StateBadge({ state, testId = 'job-state' }: { state: JobState; testId?: string }) {
  return (
    <span className={`badge job-state job-state-${state}`} data-testid={testId} data-state={state}>
      {LABEL[state]}
    </span>
  );
}
