import type { JobSummary } from './job-summary';

/** Elapsed time, short and steady-width: "0.4 s", "12 s", "3 min 05 s", "2 h 07 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
}

/**
 * Who queued a job, in words: the user's name and email (server mode), "local" for the web app
 * without an account (local mode: the machine's owner), "the CLI" for the frontier command (and
 * `npm start`'s demo); null where it was not recorded.
 */
export function queuedByLabel(job: Pick<JobSummary, 'createdBy' | 'createdByName' | 'queuedVia'>): string | null {
  if (job.createdBy)
    return job.createdByName && job.createdByName !== job.createdBy
      ? `${job.createdByName} (${job.createdBy})`
      : job.createdBy;
  if (job.queuedVia === 'cli') return 'the CLI';
  if (job.queuedVia === 'web') return 'local';
  return null;
}

/** How long a job ran (until `now` while it runs; unknown without it); null before it starts. */
export function jobDurationMs(
  job: Pick<JobSummary, 'startedAt' | 'finishedAt' | 'state'>,
  now: number | null,
): number | null {
  if (!job.startedAt) return null;
  const end = job.finishedAt ? Date.parse(job.finishedAt) : job.state === 'RUNNING' ? now : null;
  return end === null ? null : Math.max(0, end - Date.parse(job.startedAt));
}

/** Progress as a fraction in [0, 1]; a finished job with no counted work is complete. */
export function progressFraction(job: Pick<JobSummary, 'progressDone' | 'progressTotal' | 'state'>): number {
  if (job.progressTotal <= 0) return job.state === 'SUCCEEDED' ? 1 : 0;
  return Math.min(1, Math.max(0, job.progressDone / job.progressTotal));
}

/** "120 / 480 (25%)"; "—" for a step that has not counted its work yet. */
export function formatProgress(job: Pick<JobSummary, 'progressDone' | 'progressTotal' | 'state'>): string {
  const pct = Math.floor(progressFraction(job) * 100);
  if (job.progressTotal <= 0) return job.state === 'SUCCEEDED' ? '100%' : '—';
  return `${job.progressDone} / ${job.progressTotal} (${pct}%)`;
}
