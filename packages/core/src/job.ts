// The pipeline's jobs: one chain per evaluated alpha, merge -> generate -> judge -> aggregate, or
// an import's judge/aggregate jobs on given runs. JOB_STATES mirrors the Prisma JobState enum.

/** The steps of a chain, in the order they run. */
export const JOB_KINDS = ['merge', 'generate', 'judge', 'aggregate'] as const;

export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export type JobState = (typeof JOB_STATES)[number];

/** A job that has not finished yet: still waiting or running, so it can change (or be cancelled). */
export function isActiveJobState(state: string): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}

/**
 * One pipeline job as people see it. `Time` is a Date where it is read from the database and an
 * ISO string once it has travelled as JSON.
 */
export interface JobRecord<Time = Date> {
  id: number;
  studyId: number;
  studyName: string;
  kind: JobKind;
  /** The alpha a chain evaluates; null for a job on given runs (an import's). */
  alpha: number | null;
  checkpointId: number | null;
  /** The step this one waits for; null for the first step of a chain. */
  dependsOnId: number | null;
  state: JobState;
  progressDone: number;
  progressTotal: number;
  attempts: number;
  maxAttempts: number;
  /** The last failed attempt's message (also set while a retry waits), or why it was cancelled. */
  error: string | null;
  createdAt: Time;
  startedAt: Time | null;
  finishedAt: Time | null;
}
