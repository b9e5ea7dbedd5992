import { missingServePlaceholders, SANDBOX_BACKENDS } from '@frontier/core';
import { z } from 'zod';
import { StudyNotEvaluableError } from '../errors';

/** A served model's name; `{alpha}` is replaced by the checkpoint's alpha. */
const modelName = z.string().min(1);

/** How the pipeline reaches the checkpoint it evaluates on an inference server. */
export const servingSchema = z.discriminatedUnion('mode', [
  // A server the researcher runs, serving each checkpoint under the model name.
  z.object({ mode: z.literal('named'), baseUrl: z.string().url(), model: modelName }),
  // The generate step starts the command on the checkpoint, under the model name, and stops it when done.
  z.object({
    mode: z.literal('launch'),
    command: z
      .string()
      .min(1)
      .refine(
        (c) => missingServePlaceholders(c).length === 0,
        'the command must contain {checkpoint}, {model} and {port}',
      ),
    model: modelName,
    startupTimeoutMs: z
      .number()
      .int()
      .positive()
      .default(15 * 60_000),
  }),
  // A running server that loads each checkpoint's weights in place, one checkpoint at a time; the
  // model name is the one it lists after loading.
  z.object({ mode: z.literal('reload'), engine: z.enum(['sglang', 'vllm']), baseUrl: z.string().url() }),
]);

/** A name an environment variable can have. */
const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name such as OPENAI_API_KEY');

// A study's evaluation settings, stored in study.config and validated whenever it is read or
// written, so a job never starts from a half-valid configuration.
export const backendConfigSchema = z.discriminatedUnion('kind', [
  // The demo's toy policy run inside the worker (the reference the served toy model must match).
  z.object({ kind: z.literal('toy') }),
  z.object({
    kind: z.literal('openai'),
    serving: servingSchema,
    /** The environment variable holding the API key, read by the worker that uses it. Keys are never stored. */
    apiKeyEnv: envName.optional(),
    temperature: z.number().min(0).max(2).default(0.8),
    maxTokens: z.number().int().positive().default(2048),
    concurrency: z.number().int().positive().max(256).default(8),
    /** Samples asked for in one request (`n`): they share one prompt's prefill. */
    samplesPerRequest: z.number().int().positive().max(256).default(1),
    /**
     * Ask for each choice's token ids (`return_token_ids`, vLLM 0.10.2+ and SGLang): the only
     * exact per-sample token count when a request has several samples (`usage` sums them).
     */
    returnTokenIds: z.boolean().default(false),
    timeoutMs: z.number().int().positive().default(120_000),
    /** Retries of one request on 429, 5xx, timeouts and network errors, with backoff. */
    maxRetries: z.number().int().min(0).max(20).default(5),
    promptTemplate: z.string().optional(),
  }),
]);

export const studyConfigSchema = z.object({
  benchmark: z.string().min(1),
  setting: z.string().min(1).default('reasoning'),
  scale: z.string().default(''),
  language: z.enum(['python', 'cpp']).default('python'),
  samplesPerProblem: z.number().int().positive().max(10_000),
  seed: z.number().int().default(1),
  backend: backendConfigSchema,
  endpoints: z.object({ lo: z.string().min(1), hi: z.string().min(1), base: z.string().optional() }),
  /**
   * How samples are judged (packages/judge/README.md): `lcbCompat` reproduces LiveCodeBench's
   * evaluator's quirks; `backend`, when set, is the only sandbox backend allowed to judge them
   * (verdicts can differ between backends), and a worker whose judge has another does not.
   */
  judge: z
    .object({ lcbCompat: z.boolean().default(false), backend: z.enum(SANDBOX_BACKENDS).optional() })
    .default({ lcbCompat: false }),
  /** Where merged checkpoints are written: `<checkpointsDir>/alpha=<alpha>`. */
  checkpointsDir: z.string().min(1),
});

export type StudyConfig = z.infer<typeof studyConfigSchema>;
/** Settings as given, before defaults are filled in. */
export type StudyConfigInput = z.input<typeof studyConfigSchema>;
export type BackendConfig = z.infer<typeof backendConfigSchema>;
export type ServingConfig = z.infer<typeof servingSchema>;

/** The settings of study `name`; a StudyNotEvaluableError names each invalid field. */
export function parseStudyConfig(value: unknown, name: string): StudyConfig {
  const r = studyConfigSchema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new StudyNotEvaluableError(name, issues);
  }
  return r.data;
}
