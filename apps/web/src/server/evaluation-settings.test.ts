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

const judgeRows = (judge?: StudyConfigInput['judge']) =>
  describeEvaluation(config(judge)).filter((r) => r.label.startsWith('Judge'));

describe('describeEvaluation', () => {
  it('shows the judge backend a study requires, or any', () => {
    expect(judgeRows()).toEqual([{ label: 'Judge backend', value: 'any' }]);
    expect(judgeRows({ backend: 'rootless' })).toEqual([{ label: 'Judge backend', value: 'rootless only' }]);
  });
  it('says when the judge reproduces LiveCodeBench', () => {
    expect(judgeRows({ lcbCompat: true, backend: 'cgroup2' }).map((r) => r.value)).toEqual([
      "LiveCodeBench-compatible (its evaluator's quirks reproduced)",
      'cgroup2 only',
    ]);
  });
  it('says how each checkpoint is served in each mode, and which variable holds the API key (never the key)', () => {
    const rows = (serving: unknown, apiKeyEnv?: string) =>
      describeEvaluation(
        studyConfigSchema.parse({
          ...config(),
          backend: { kind: 'openai', serving, ...(apiKeyEnv ? { apiKeyEnv } : {}) },
        }),
      ).filter((r) => ['Checkpoints served', 'Command', 'Server', 'API key'].includes(r.label));
    expect(
      rows(
        {
          mode: 'launch',
          command: 'vllm serve {checkpoint} --served-model-name {model} --port {port}',
          model: 'm-{alpha}',
        },
        'LAB_KEY',
      ),
    ).toEqual([
      {
        label: 'Checkpoints served',
        value: 'launch: a server started per checkpoint (model "m-{alpha}", start-up timeout 900 s)',
      },
      { label: 'Command', value: 'vllm serve {checkpoint} --served-model-name {model} --port {port}', code: true },
      { label: 'API key', value: '$LAB_KEY on each worker', code: true },
    ]);
    expect(rows({ mode: 'reload', engine: 'sglang', baseUrl: 'http://gpu1:30000/v1' })).toEqual([
      { label: 'Checkpoints served', value: 'reload: the running sglang server loads each checkpoint in turn' },
      { label: 'Server', value: 'http://gpu1:30000/v1', code: true },
    ]);
    expect(rows({ mode: 'named', baseUrl: 'http://gpu1:8000/v1', model: 'coverage-{alpha}' })).toEqual([
      { label: 'Checkpoints served', value: 'named: a server you run serves each checkpoint as "coverage-{alpha}"' },
      { label: 'Server', value: 'http://gpu1:8000/v1', code: true },
    ]);
  });
  it('says which samples get an exact token count', () => {
    const tokens = (backend: object) =>
      describeEvaluation(
        studyConfigSchema.parse({
          ...config(),
          backend: { kind: 'openai', serving: { mode: 'named', baseUrl: 'http://x/v1', model: 'm' }, ...backend },
        }),
      ).find((r) => r.label === 'Token counts')?.value;
    expect(tokens({})).toBe("each sample's, from the server's usage");
    expect(tokens({ samplesPerRequest: 8 })).toBe('none: 8 samples a request share one usage (ask for token ids)');
    expect(tokens({ samplesPerRequest: 8, returnTokenIds: true })).toBe("each sample's, from the server's token ids");
  });
});
