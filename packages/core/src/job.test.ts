import { describe, expect, it } from 'vitest';
import { JOB_KINDS, JOB_STATES, isActiveJobState, parseJobKinds } from './job';

it('lists the job kinds in chain order and the job states', () => {
  expect(JOB_KINDS).toEqual(['merge', 'generate', 'judge', 'aggregate']);
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
    expect(parseJobKinds('merge,gpu')).toEqual({ ok: false, message: 'unknown task "gpu": the tasks are merge, generate, judge, aggregate' });
    expect(parseJobKinds('merge,,judge').ok).toBe(false);
    expect(parseJobKinds('').ok).toBe(false);
  });
});
