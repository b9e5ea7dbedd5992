import { expect, it } from 'vitest';
import { JOB_KINDS, JOB_STATES, isActiveJobState } from './job';

it('lists the job kinds in chain order and the job states', () => {
  expect(JOB_KINDS).toEqual(['merge', 'generate', 'judge', 'aggregate']);
  expect(JOB_STATES).toEqual(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
});

it('calls a job active while it is queued or running', () => {
  expect(JOB_STATES.filter(isActiveJobState)).toEqual(['QUEUED', 'RUNNING']);
  expect(isActiveJobState('queued')).toBe(false);
});
