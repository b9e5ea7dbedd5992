import { describe, expect, it } from 'vitest';
import { studyConfigSchema, type StudyConfigInput } from '@frontier/db';
import { describeEvaluation } from './evaluation-settings';

const config = (judge?: StudyConfigInput['judge']) =>
  studyConfigSchema.parse({
    benchmark: 'lab',
    samplesPerProblem: 4,
    backend: { kind: 'toy' },
    endpoints: { lo: '/ckpt/lo', hi: '/ckpt/hi' },
    checkpointsDir: '/ckpt/merged',
    ...(judge ? { judge } : {}),
  });

const judgeRows = (judge?: StudyConfigInput['judge']) => describeEvaluation(config(judge)).filter((r) => r.label.startsWith('Judge'));

describe('describeEvaluation', () => {
  it('shows the judge backend a study requires, or any', () => {
    expect(judgeRows()).toEqual([{ label: 'Judge backend', value: 'any' }]);
    expect(judgeRows({ backend: 'rootless' })).toEqual([{ label: 'Judge backend', value: 'rootless only' }]);
  });
  it('says when the judge reproduces LiveCodeBench', () => {
    expect(judgeRows({ lcbCompat: true, backend: 'cgroup2' }).map((r) => r.value)).toEqual(['LiveCodeBench-compatible (its evaluator\'s quirks reproduced)', 'cgroup2 only']);
  });
});
