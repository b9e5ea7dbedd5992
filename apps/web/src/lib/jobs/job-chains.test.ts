import { JOB_KINDS, type JobKind, type JobState } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import type { JobSummary } from './job-summary';
import { chainState, chainTimes, completedChainIds, groupChains, pipelineProgress } from './job-chains';

function job(kind: JobKind, state: JobState, dependsOnId: number | null, alpha: number, id: number): JobSummary {
  return {
    id,
    studyId: 1,
    studyName: 'demo',
    kind,
    alpha,
    checkpointId: null,
    dependsOnId,
    parentId: null,
    state,
    progressDone: 0,
    progressTotal: 0,
    attempts: 0,
    maxAttempts: 4,
    error: null,
    createdBy: null,
    createdByName: null,
    queuedVia: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: null,
    finishedAt: null,
  };
}

/** A chain of four steps with the given states, ids consecutive from `first`. */
function chain(first: number, alpha: number, states: JobState[]): JobSummary[] {
  return states.map((s, i) => job(JOB_KINDS[i]!, s, i === 0 ? null : first + i - 1, alpha, first + i));
}

describe('groupChains', () => {
  it('groups steps by dependency, in step order, newest chain first', () => {
    const a = chain(1, 0.5, ['SUCCEEDED', 'SUCCEEDED', 'RUNNING', 'QUEUED']);
    const b = chain(5, 2.5, ['QUEUED', 'QUEUED', 'QUEUED', 'QUEUED']);
    // The API sends newest first; the grouping must not depend on it.
    const chains = groupChains([...a, ...b].reverse());
    expect(chains.map((c) => c.id)).toEqual([5, 1]);
    expect(chains[1]!.jobs.map((j) => j.kind)).toEqual(['merge', 'generate', 'judge', 'aggregate']);
    expect(chains[1]!.alpha).toBe(0.5);
    expect(chains[1]!.done).toBe(2);
    expect(chains.map((c) => c.state)).toEqual(['QUEUED', 'RUNNING']);
  });

  it('starts a chain at its earliest step in the list when older steps are cut off', () => {
    const steps = chain(10, 1, ['SUCCEEDED', 'SUCCEEDED', 'RUNNING', 'QUEUED']).slice(2);
    const chains = groupChains(steps);
    expect(chains).toHaveLength(1);
    expect(chains[0]!.id).toBe(12);
    expect(chains[0]!.jobs.map((j) => j.id)).toEqual([12, 13]);
  });

  it('keeps chains of the same alpha apart (an alpha evaluated twice)', () => {
    const chains = groupChains([
      ...chain(1, 2, ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']),
      ...chain(5, 2, ['QUEUED', 'QUEUED', 'QUEUED', 'QUEUED']),
    ]);
    expect(chains.map((c) => c.jobs.length)).toEqual([4, 4]);
  });
});

describe('chainState', () => {
  const of = (states: JobState[]) => chainState(chain(100, 1, states));
  it('summarises the steps', () => {
    expect(of(['QUEUED', 'QUEUED'])).toBe('QUEUED');
    expect(of(['RUNNING', 'QUEUED'])).toBe('RUNNING');
    expect(of(['SUCCEEDED', 'QUEUED'])).toBe('RUNNING');
    expect(of(['SUCCEEDED', 'SUCCEEDED'])).toBe('SUCCEEDED');
    expect(of(['SUCCEEDED', 'FAILED', 'CANCELLED'])).toBe('FAILED');
    expect(of(['SUCCEEDED', 'CANCELLED', 'CANCELLED'])).toBe('CANCELLED');
  });
});

describe('pipelineProgress and completedChainIds', () => {
  it('count steps over the chains still in progress only', () => {
    const chains = groupChains([
      ...chain(1, 0, ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']),
      ...chain(5, 1, ['SUCCEEDED', 'RUNNING', 'QUEUED', 'QUEUED']),
      ...chain(9, 2, ['QUEUED', 'QUEUED', 'QUEUED', 'QUEUED']),
      ...chain(13, 3, ['FAILED', 'CANCELLED', 'CANCELLED', 'CANCELLED']),
    ]);
    expect(pipelineProgress(chains)).toEqual({ active: true, done: 1, total: 8 });
    expect(completedChainIds(chains)).toEqual([1]);
    expect(pipelineProgress(chains.filter((c) => c.id === 1))).toEqual({ active: false, done: 0, total: 0 });
  });
});

describe('chainTimes', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 11, 7, 16, 0, s)).toISOString();
  const steps = (states: JobState[]) =>
    chain(1, 0.5, states).map((j, i) => ({
      ...j,
      createdAt: at(i),
      startedAt: j.state === 'QUEUED' ? null : at(10 + i),
      finishedAt: j.state === 'SUCCEEDED' || j.state === 'FAILED' || j.state === 'CANCELLED' ? at(20 + i) : null,
    }));
  it('is queued at the first step, started with the first step to start, finished at the last end once nothing is active', () => {
    expect(chainTimes({ jobs: steps(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']) })).toEqual({
      queuedAt: at(0),
      startedAt: at(10),
      finishedAt: at(23),
    });
    expect(chainTimes({ jobs: steps(['SUCCEEDED', 'RUNNING', 'QUEUED', 'QUEUED']) })).toEqual({
      queuedAt: at(0),
      startedAt: at(10),
      finishedAt: null,
    });
    expect(chainTimes({ jobs: steps(['QUEUED', 'QUEUED', 'QUEUED', 'QUEUED']) })).toEqual({
      queuedAt: at(0),
      startedAt: null,
      finishedAt: null,
    });
    // A failed step cancels the rest (which never started): the chain ended with the last of them.
    expect(chainTimes({ jobs: steps(['SUCCEEDED', 'FAILED', 'CANCELLED', 'CANCELLED']) })).toEqual({
      queuedAt: at(0),
      startedAt: at(10),
      finishedAt: at(23),
    });
  });
});
