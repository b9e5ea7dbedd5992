import { describe, expect, it } from 'vitest';
import { CHAIN_KINDS, JOB_KINDS, JOB_STATES, isActiveJobState, parseJobKinds } from './job';

it('lists the job kinds in chain order, then the refinement run, and the job states', () => {
  expect(CHAIN_KINDS).toEqual(['merge', 'generate', 'judge', 'aggregate']);
  expect(JOB_KINDS).toEqual([...CHAIN_KINDS, 'refine']);
  expect(JOB_STATES).toEqual(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
});

it('calls a job active while it is queued or running', () => {
  expect(JOB_STATES.filter(isActiveJobState)).toEqual(['QUEUED', 'RUNNING']);
  expect(isActiveJobState('queued')).toBe(false);
});

describe('parseJobKinds', () => {
  it('reads a comma-separated list, ignoring case, spaces and repeats', () => {
    expect(parseJobKinds('merge, Generate,merge')).toEqual({ ok: true, kinds: ['merge', 'generate'] });
    expect(parseJobKinds('judge,aggregate')).toEqual({ ok: true, kinds: ['judge', 'aggregate'] });
  });
  it('names an unknown task and refuses empty items', () => {
    expect(parseJobKinds('merge,gpu')).toEqual({
      ok: false,
      message: 'unknown task "gpu": the tasks are merge, generate, judge, aggregate, refine',
    });
    expect(parseJobKinds('merge,,judge').ok).toBe(false);
    expect(parseJobKinds('').ok).toBe(false);
  });
});
