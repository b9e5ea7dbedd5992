import { z } from 'zod';
import { StudyNotEvaluableError } from '../errors';

// A study's evaluation settings, stored in study.config and validated whenever it is read or
// written, so a job never starts from a half-valid configuration.
export const backendConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('toy') }),
  z.object({
    kind: z.literal('openai'),
    baseUrl: z.string().url(),
    model: z.string().min(1),
    apiKey: z.string().optional(),
    temperature: z.number().min(0).max(2).default(0.8),
    maxTokens: z.number().int().positive().default(2048),
    concurrency: z.number().int().positive().max(256).default(8),
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
  /** Where merged checkpoints are written: `<checkpointsDir>/alpha=<alpha>`. */
  checkpointsDir: z.string().min(1),
});

export type StudyConfig = z.infer<typeof studyConfigSchema>;
/** Settings as given, before defaults are filled in. */
export type StudyConfigInput = z.input<typeof studyConfigSchema>;
export type BackendConfig = z.infer<typeof backendConfigSchema>;

/** The settings of study `name`; a StudyNotEvaluableError names each invalid field. */
export function parseStudyConfig(value: unknown, name: string): StudyConfig {
  const r = studyConfigSchema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new StudyNotEvaluableError(name, issues);
  }
  return r.data;
}
