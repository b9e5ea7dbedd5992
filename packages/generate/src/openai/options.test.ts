import { describe, expect, it } from 'vitest';
import { OpenAICompatibleBackend } from './backend';
import { InvalidOptionsError, parseOpenAIBackendOptions } from './options';
import { DEFAULT_PROMPT_TEMPLATE } from './prompt';

const base = { baseUrl: 'http://gpu-1:8000/v1', model: 'qwen-7b-alpha-0.5' };

describe('parseOpenAIBackendOptions', () => {
  it('fills in defaults', () => {
    expect(parseOpenAIBackendOptions(base)).toEqual({
      ...base,
      promptTemplate: DEFAULT_PROMPT_TEMPLATE,
      temperature: 1,
      maxTokens: 4096,
      samplesPerRequest: 1,
      concurrency: 8,
      timeoutMs: 600_000,
      maxRetries: 5,
      retryBaseDelayMs: 1_000,
      retryMaxDelayMs: 60_000,
    });
  });

  it('strips trailing slashes from the base URL', () => {
    expect(parseOpenAIBackendOptions({ ...base, baseUrl: ' https://api.example.com/v1// ' }).baseUrl).toBe(
      'https://api.example.com/v1',
    );
  });

  it.each([
    [{ baseUrl: 'gpu-1:8000/v1' }, 'baseUrl: must be an http:// or https:// URL'],
    [{ baseUrl: 'ftp://gpu-1/v1' }, 'baseUrl: must be an http:// or https:// URL'],
    [{ model: ' ' }, 'model: must not be empty'],
    [{ apiKey: '' }, 'apiKey: must not be empty when given'],
    [{ concurrency: 0 }, 'concurrency: concurrency must be at least 1'],
    [{ concurrency: 2.5 }, 'concurrency: concurrency must be an integer'],
    [{ temperature: 2.5 }, 'temperature: must be between 0 and 2'],
    [{ temperature: -0.1 }, 'temperature: must be between 0 and 2'],
    [{ topP: 0 }, 'topP: must be in (0, 1]'],
    [{ maxTokens: 0 }, 'maxTokens: maxTokens must be at least 1'],
    [{ samplesPerRequest: -1 }, 'samplesPerRequest: samplesPerRequest must be at least 1'],
    [{ timeoutMs: 0 }, 'timeoutMs: timeoutMs must be at least 1'],
    [{ maxRetries: -1 }, 'maxRetries: maxRetries must be 0 or more'],
    [{ promptTemplate: 'Solve {title}' }, 'promptTemplate: must contain the {statement} placeholder'],
    [{ temperature: '0.7' }, 'temperature: Invalid input: expected number, received string'],
    [{ max_tokens: 100 }, 'unknown option(s) max_tokens'],
  ])('rejects %j with a message naming the option', (patch, message) => {
    expect(() => parseOpenAIBackendOptions({ ...base, ...patch })).toThrow(
      `invalid OpenAI backend options: ${message}`,
    );
  });

  it('lists every bad option at once', () => {
    const message = (() => {
      try {
        parseOpenAIBackendOptions({ model: 'm', concurrency: 0, temperature: 3 });
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain('baseUrl: is required');
    expect(message).toContain('concurrency: concurrency must be at least 1');
    expect(message).toContain('temperature: must be between 0 and 2');
  });

  it('never echoes the API key', () => {
    try {
      parseOpenAIBackendOptions({ ...base, apiKey: 'sk-abc', concurrency: 0 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidOptionsError);
      expect((err as Error).message).not.toContain('sk-abc');
    }
  });

  it('is what the backend constructor applies', () => {
    expect(() => new OpenAICompatibleBackend({ ...base, temperature: 9 })).toThrow(InvalidOptionsError);
    expect(new OpenAICompatibleBackend(base).name).toBe('openai:qwen-7b-alpha-0.5');
  });
});
