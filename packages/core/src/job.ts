// The pipeline's jobs: one chain per evaluated alpha, merge -> generate -> judge -> aggregate, an
// import's judge/aggregate jobs on given runs, or an automatic refinement run that queues chains
// round after round. JOB_STATES mirrors the Prisma JobState enum.

/** The steps of a chain, in the order they run. */
export const CHAIN_KINDS = ['merge', 'generate', 'judge', 'aggregate'] as const;

/** Every kind of job a worker can take. */
export const JOB_KINDS = [...CHAIN_KINDS, 'refine'] as const;

export type JobKind = (typeof JOB_KINDS)[number];

/**
 * The job kinds of a comma-separated list such as "merge,generate" (what a worker takes); the
 * message names the item at fault.
 */
export function parseJobKinds(text: string): { ok: true; kinds: JobKind[] } | { ok: false; message: string } {
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    return {
      ok: false,
      message: `give a comma-separated list of ${JOB_KINDS.join(', ')} (got ${JSON.stringify(text)})`,
    };
  const kinds: JobKind[] = [];
  for (const item of items) {
    const kind = JOB_KINDS.find((k) => k === item.toLowerCase());
    if (!kind)
      return { ok: false, message: `unknown task ${JSON.stringify(item)}: the tasks are ${JOB_KINDS.join(', ')}` };
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return { ok: true, kinds };
}

/**
 * Where a job was asked for: the web app or its API ('web': a signed-in person in server mode, the
 * machine's owner in local mode), or the `frontier` command ('cli', `npm start`'s demo included).
 */
export const QUEUED_VIA = ['web', 'cli'] as const;

export type QueuedVia = (typeof QUEUED_VIA)[number];

export const JOB_STATES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export type JobState = (typeof JOB_STATES)[number];

/** A job that has not finished yet: still waiting or running, so it can change (or be cancelled). */
export function isActiveJobState(state: string): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}

/**
 * A chain's state in one word, from its steps' states: FAILED or CANCELLED when a step ended that
 * way, SUCCEEDED when all did, QUEUED when none has started, RUNNING otherwise (some step started
 * or finished). The Jobs page shows it, and evaluate decides by it whether an alpha is done.
 */
export function chainStateOf(states: readonly JobState[]): JobState {
  if (states.includes('FAILED')) return 'FAILED';
  if (states.includes('CANCELLED')) return 'CANCELLED';
  if (states.every((s) => s === 'SUCCEEDED')) return 'SUCCEEDED';
  if (states.every((s) => s === 'QUEUED')) return 'QUEUED';
  return 'RUNNING';
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
  /** The refinement run that queued this chain; null for chains queued by a person. */
  parentId: number | null;
  state: JobState;
  progressDone: number;
  progressTotal: number;
  attempts: number;
  maxAttempts: number;
  /** The last failed attempt's message (also set while a retry waits), or why it was cancelled. */
  error: string | null;
  /** Who queued it: a user's email in server mode; null in local mode and for the CLI. */
  createdBy: string | null;
  /** That user's name (null without a user). */
  createdByName: string | null;
  /** Where it was queued (a refinement run's chains: where the run was); null for jobs queued before this was recorded. */
  queuedVia: QueuedVia | null;
  createdAt: Time;
  startedAt: Time | null;
  finishedAt: Time | null;
}
