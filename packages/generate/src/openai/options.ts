import { z } from 'zod';
import { DEFAULT_PROMPT_TEMPLATE } from './prompt';

const httpUrl = z
  .string()
  .trim()
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http:// or https:// URL')
  // `${baseUrl}/chat/completions` must not get a double slash.
  .transform((s) => s.replace(/\/+$/, ''));

const positiveInt = (what: string) =>
  z.number().int(`${what} must be an integer`).positive(`${what} must be at least 1`);
const nonNegativeInt = (what: string) =>
  z.number().int(`${what} must be an integer`).nonnegative(`${what} must be 0 or more`);

/** Options of the OpenAI-compatible backend, as the CLI and API accept them. */
export const openAIBackendOptionsSchema = z
  .object({
    /** Up to and including the API version, e.g. `http://gpu-1:8000/v1`. */
    baseUrl: httpUrl,
    /** The served model name (vLLM's `--served-model-name`). */
    model: z.string().trim().min(1, 'must not be empty'),
    apiKey: z.string().min(1, 'must not be empty when given').optional(),
    promptTemplate: z
      .string()
      .refine((t) => t.includes('{statement}'), 'must contain the {statement} placeholder')
      .default(DEFAULT_PROMPT_TEMPLATE),
    systemPrompt: z.string().optional(),
    temperature: z.number().min(0, 'must be between 0 and 2').max(2, 'must be between 0 and 2').default(1),
    topP: z.number().gt(0, 'must be in (0, 1]').max(1, 'must be in (0, 1]').optional(),
    maxTokens: positiveInt('maxTokens').default(4096),
    /** Samples asked for in one request (the API's `n`). */
    samplesPerRequest: positiveInt('samplesPerRequest').default(1),
    /** Most requests in flight at once, across every problem this backend serves. */
    concurrency: positiveInt('concurrency').default(8),
    /** Per attempt, headers and body included. Long reasoning replies take minutes. */
    timeoutMs: positiveInt('timeoutMs').default(600_000),
    /** Retries after the first attempt, for 408, 429, 5xx, network errors, timeouts and malformed replies. */
    maxRetries: nonNegativeInt('maxRetries').default(5),
    retryBaseDelayMs: nonNegativeInt('retryBaseDelayMs').default(1_000),
    /** Caps both the backoff and a server's Retry-After. */
    retryMaxDelayMs: nonNegativeInt('retryMaxDelayMs').default(60_000),
    /** Extra fields merged into every request body, e.g. vLLM's `top_k`, `min_p` or `stop`. */
    extraBody: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export type OpenAIBackendOptionsInput = z.input<typeof openAIBackendOptionsSchema>;
export type OpenAIBackendOptions = z.output<typeof openAIBackendOptionsSchema>;

export class InvalidOptionsError extends Error {
  override readonly name = 'InvalidOptionsError';
}

/** Options with defaults filled in; throws InvalidOptionsError naming every bad option. */
export function parseOpenAIBackendOptions(input: unknown): OpenAIBackendOptions {
  const parsed = openAIBackendOptionsSchema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unknown option(s) ${issue.keys.join(', ')}`;
    const name = issue.path.join('.') || '(options)';
    return `${name}: ${issue.message}`;
  });
  throw new InvalidOptionsError(`invalid OpenAI backend options: ${problems.join('; ')}`);
}
