import { chainStateOf, JOB_KINDS, isActiveJobState } from '@frontier/core';
import type { JobState } from '@frontier/core';
import type { JobSummary } from './job-summary';

// Pipeline jobs arrive as a flat list; people read them as chains, one per alpha:
// merge -> generate -> judge -> aggregate, each step waiting for the one before.

export interface JobChain {
  /** The id of the chain's first step (present in the list): a stable React key. */
  id: number;
  studyId: number;
  studyName: string;
  alpha: number | null;
  /** Steps in order. */
  jobs: JobSummary[];
  state: JobState;
  done: number;
}

/** A chain's state in one word (core's rule, which evaluate also decides by). */
export function chainState(jobs: readonly JobSummary[]): JobState {
  return chainStateOf(jobs.map((j) => j.state));
}

/** Groups jobs by the chain they belong to (following dependsOnId), newest chain first. */
export function groupChains(jobs: readonly JobSummary[]): JobChain[] {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const rootOf = (job: JobSummary): number => {
    let current = job;
    const seen = new Set<number>();
    // A dependency outside the list (an older page) ends the walk: that step is the root here.
    while (current.dependsOnId !== null && byId.has(current.dependsOnId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.dependsOnId)!;
    }
    return current.id;
  };
  const groups = new Map<number, JobSummary[]>();
  for (const job of jobs) {
    const root = rootOf(job);
    groups.set(root, [...(groups.get(root) ?? []), job]);
  }
  const chains: JobChain[] = [...groups].map(([id, members]) => {
    const steps = [...members].sort((a, b) => JOB_KINDS.indexOf(a.kind) - JOB_KINDS.indexOf(b.kind) || a.id - b.id);
    return {
      id,
      studyId: steps[0]!.studyId,
      studyName: steps[0]!.studyName,
      alpha: steps[0]!.alpha,
      jobs: steps,
      state: chainState(steps),
      done: steps.filter((j) => j.state === 'SUCCEEDED').length,
    };
  });
  return chains.sort((a, b) => b.id - a.id);
}

export interface ChainTimes {
  /** When its first step was queued. */
  queuedAt: string;
  /** When its first step started; null while none has. */
  startedAt: string | null;
  /** When its last step ended, once none is queued or running; null until then. */
  finishedAt: string | null;
}

const earliest = (times: (string | null)[]) =>
  times.reduce<string | null>((a, t) => (t !== null && (a === null || Date.parse(t) < Date.parse(a)) ? t : a), null);
const latest = (times: (string | null)[]) =>
  times.reduce<string | null>((a, t) => (t !== null && (a === null || Date.parse(t) > Date.parse(a)) ? t : a), null);

/** When a chain was queued, started and finished (ISO strings, as the API sends them). */
export function chainTimes(chain: Pick<JobChain, 'jobs'>): ChainTimes {
  const { jobs } = chain;
  const done = !jobs.some((j) => isActiveJobState(j.state));
  return {
    queuedAt: earliest(jobs.map((j) => j.createdAt))!,
    startedAt: earliest(jobs.map((j) => j.startedAt)),
    finishedAt: done ? latest(jobs.map((j) => j.finishedAt)) : null,
  };
}

export interface PipelineProgress {
  active: boolean;
  /** Over the chains with a queued or running step: steps done, and steps in all. */
  done: number;
  total: number;
}

/** "pipeline running: X of Y jobs done", counted over the chains still in progress. */
export function pipelineProgress(chains: readonly JobChain[]): PipelineProgress {
  const live = chains.filter((c) => c.jobs.some((j) => isActiveJobState(j.state)));
  return {
    active: live.length > 0,
    done: live.reduce((n, c) => n + c.done, 0),
    total: live.reduce((n, c) => n + c.jobs.length, 0),
  };
}

/** Ids of chains whose last step succeeded: their checkpoint has new numbers on the frontier. */
export function completedChainIds(chains: readonly JobChain[]): number[] {
  return chains.filter((c) => c.state === 'SUCCEEDED').map((c) => c.id);
}
