import type { StudyData } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { parseSharedProblem, problemCounts } from './shared-problem';

// Two checkpoints x two problems, checkpoint-major counts.
const data: StudyData = {
  studyId: 1,
  dataVersion: 4,
  filters: {},
  checkpoints: [
    { id: 10, name: 'low', role: 'LOW', alpha: 0, scale: '7B' },
    { id: 11, name: 'high', role: 'HIGH', alpha: 1, scale: '7B' },
  ],
  problems: [
    { id: 100, externalId: 'p-a', title: 'A', difficulty: 'easy' },
    { id: 200, externalId: 'p-b', title: 'B', difficulty: 'hard' },
  ],
  counts: {
    n: [8, 8, 8, -1],
    solved: [8, 2, 5, 0],
    wa: [0, 6, 1, 0],
    tle: [0, 0, 2, 0],
    mle: [0, 0, 0, 0],
    re: [0, 0, 0, 0],
    ce: [0, 0, 0, 0],
    ole: [0, 0, 0, 0],
    ie: [0, 0, 1, 0],
  },
};

describe('parseSharedProblem', () => {
  it('finds the problem and the checkpoint in the data the link shows', () => {
    expect(parseSharedProblem('200', '11', data)).toEqual({
      ok: true,
      problem: data.problems[1],
      problemIndex: 1,
      checkpointId: 11,
    });
    expect(parseSharedProblem('100', undefined, data)).toEqual({
      ok: true,
      problem: data.problems[0],
      problemIndex: 0,
      checkpointId: null,
    });
  });
  it('names the parameter at fault', () => {
    expect(parseSharedProblem('abc', undefined, data)).toEqual({
      ok: false,
      message: 'problem must be a positive integer (got "abc")',
    });
    expect(parseSharedProblem(['1', '2'], undefined, data)).toEqual({
      ok: false,
      message: 'problem must be given once (got "1", "2")',
    });
    expect(parseSharedProblem('300', undefined, data)).toEqual({
      ok: false,
      message: 'problem 300 is not in the data this link shows (it shows 2 problems)',
    });
    expect(parseSharedProblem('100', '0', data)).toEqual({
      ok: false,
      message: 'checkpoint must be a positive integer (got "0")',
    });
    expect(parseSharedProblem('100', '12', data)).toEqual({
      ok: false,
      message: 'checkpoint 12 is not in the data this link shows',
    });
  });
});

describe('problemCounts', () => {
  it("reads the problem's column of every checkpoint", () => {
    const rows = problemCounts(data, 1);
    expect(rows.map((r) => [r.checkpoint.id, r.counts.n, r.counts.solved, r.counts.wa])).toEqual([
      [10, 8, 2, 6],
      [11, -1, 0, 0],
    ]);
    expect(problemCounts(data, 0)[1]!.counts).toEqual({
      n: 8,
      solved: 5,
      wa: 1,
      tle: 2,
      mle: 0,
      re: 0,
      ce: 0,
      ole: 0,
      ie: 1,
    });
  });
});
