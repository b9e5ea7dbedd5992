import type { JobSummary } from '@/lib/jobs/job-summary';
import { formatProgress, progressFraction } from '@/lib/jobs/job-format';

interface ProgressBarProps {
  job: Pick<JobSummary, 'progressDone' | 'progressTotal' | 'state'>;
  /** Instead of "done / total (pct%)", e.g. bytes of an upload. */
  text?: string;
  testId?: string;
}

/** A job's progress: a bar and "done / total (pct%)"; the exact numbers ride on data attributes. */
export function ProgressBar({ job, text, testId = 'job-progress' }: ProgressBarProps) {
  const fraction = progressFraction(job);
  const pct = Math.floor(fraction * 100);
  return (
    <div
      className="job-progress"
      data-testid={testId}
      data-done={job.progressDone}
      data-total={job.progressTotal}
      data-percent={pct}
    >
      <div
        className={`job-progress-bar job-progress-${job.state}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${fraction * 100}%` }} />
      </div>
      <span className="job-progress-text">{text ?? formatProgress(job)}</span>
    </div>
  );
}
