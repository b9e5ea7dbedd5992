import { describe, expect, it } from 'vitest';
import { CliError } from '../errors';
import { flagOf, servingFromFlags, type ServingFlags } from './serving-flags';

const base: ServingFlags = { startupTimeout: 900 };
const refused = (f: Partial<ServingFlags>): string => {
  try {
    servingFromFlags({ ...base, ...f });
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('servingFromFlags', () => {
  it('reads each mode', () => {
    expect(
      servingFromFlags({ ...base, serve: 'vllm serve {checkpoint} --served-model-name {model} --port {port}' }),
    ).toEqual({
      mode: 'launch',
      command: 'vllm serve {checkpoint} --served-model-name {model} --port {port}',
      model: 'checkpoint-alpha-{alpha}',
      startupTimeoutMs: 900_000,
    });
    expect(
      servingFromFlags({ ...base, serve: 'x {checkpoint} {model} {port}', model: 'm-{alpha}', startupTimeout: 60 }),
    ).toMatchObject({ model: 'm-{alpha}', startupTimeoutMs: 60_000 });
    expect(servingFromFlags({ ...base, reload: 'sglang', baseUrl: 'http://gpu1:30000/v1' })).toEqual({
      mode: 'reload',
      engine: 'sglang',
      baseUrl: 'http://gpu1:30000/v1',
    });
    expect(servingFromFlags({ ...base, baseUrl: 'http://gpu1:8000/v1', model: 'c-{alpha}' })).toEqual({
      mode: 'named',
      baseUrl: 'http://gpu1:8000/v1',
      model: 'c-{alpha}',
    });
  });

  it('refuses contradictions and missing parts by flag', () => {
    expect(refused({})).toContain('say how checkpoints are served');
    expect(refused({ serve: 'x', reload: 'vllm' })).toContain('--serve and --reload: give one');
    expect(refused({ serve: 'x', baseUrl: 'http://a/v1' })).toContain('--base-url: not used with --serve');
    expect(refused({ reload: 'tgi', baseUrl: 'http://a/v1' })).toContain('--reload must be sglang or vllm');
    expect(refused({ reload: 'sglang', baseUrl: 'http://a/v1', model: 'm' })).toContain(
      '--model: not used with --reload',
    );
    expect(refused({ baseUrl: 'http://a/v1' })).toContain('--model: needed with --base-url alone');
  });
});

it('names the flag a settings path came from', () => {
  expect(flagOf(['backend', 'serving', 'baseUrl'])).toBe('--base-url');
  expect(flagOf(['backend', 'serving', 'command'])).toBe('--serve');
  expect(flagOf(['backend', 'apiKeyEnv'])).toBe('--api-key-env');
  expect(flagOf(['backend', 'maxTokens'])).toBe('--max-tokens');
});
