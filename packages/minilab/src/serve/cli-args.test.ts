import { describe, expect, it } from 'vitest';
import { parseCliArgs, parseDevMode } from './cli-args';

describe('toy server command line', () => {
  it('takes the checkpoint the vLLM way or the SGLang way, with defaults', () => {
    expect(parseCliArgs(['serve', '/ckpt', '--served-model-name', 'toy', '--port', '9001'])).toEqual({
      checkpointDir: '/ckpt',
      servedModelName: 'toy',
      host: '127.0.0.1',
      port: 9001,
      exitAfterCompletions: undefined,
    });
    expect(parseCliArgs(['--model-path=/ckpt', '--host', '0.0.0.0', '--exit-after-completions', '0'])).toEqual({
      checkpointDir: '/ckpt',
      servedModelName: undefined,
      host: '0.0.0.0',
      port: 8000,
      exitAfterCompletions: 0,
    });
    expect(parseCliArgs(['--help'])).toBe('help');
  });

  it('names what is wrong', () => {
    const bad: Array<[string[], RegExp]> = [
      [[], /no checkpoint directory/],
      [['serve'], /serve needs the checkpoint directory/],
      [['serve', '/a', '--model-path', '/b'], /either as `serve DIR` or as `--model-path DIR`/],
      [['run', '/a'], /unexpected argument/],
      [['serve', '/a', '/b'], /unexpected argument/],
      [['serve', '/a', '--port', 'http'], /--port must be an integer from 0 to 65535, got "http"/],
      [['serve', '/a', '--port', '70000'], /--port must be an integer/],
      [['serve', '/a', '--exit-after-completions=-1'], /--exit-after-completions must be an integer/],
      [['serve', '/a', '--served-model-name', ''], /must not be empty/],
      [['serve', '/a', '--tensor-parallel-size', '2'], /Unknown option '--tensor-parallel-size'/],
    ];
    for (const [argv, message] of bad) expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(message);
  });

  it('reads VLLM_SERVER_DEV_MODE as vLLM does, bool(int(value))', () => {
    expect([undefined, '', '0', '1', '2'].map(parseDevMode)).toEqual([false, false, false, true, true]);
    expect(() => parseDevMode('yes')).toThrow(/VLLM_SERVER_DEV_MODE must be an integer/);
  });
});
