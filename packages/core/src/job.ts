// The evaluation pipeline's jobs, as the API reports them: one chain per alpha,
// merge -> generate -> judge -> aggregate. Mirrors the Prisma JobKind/JobState enums.

/** The steps of a chain, in the order they run. */
export const JOB_KINDS = ['merge', 'generate', 'judge', 'aggregate'] as const;

export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export type JobState = (typeof JOB_STATES)[number];

/** A job that has not finished yet: still waiting or running, so it can change (or be cancelled). */
export function isActiveJobState(state: string): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}
