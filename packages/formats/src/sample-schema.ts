import { z } from 'zod';
import { DIFFICULTIES, VERDICTS } from '@frontier/core';

// Keep in sync with schema/sample.schema.json (sample-schema.test.ts compares the two).

export const LANGUAGES = ['python', 'cpp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One test run inside a JSONL sample's `tests`. */
export const jsonlTestSchema = z.strictObject({
  tier: z.int().min(1).optional(),
  verdict: z.enum(VERDICTS),
  cpu_ms: z.number().min(0).optional(),
  peak_kib: z.number().min(0).optional(),
});

/** One line of our JSONL sample format, as written on disk. Unknown fields are rejected, to catch typos. */
export const jsonlSampleSchema = z.strictObject({
  problem_id: z.string().min(1),
  code: z.string(),
  id: z.string().min(1).optional(),
  language: z.enum(LANGUAGES).optional(),
  index: z.int().min(0).optional(),
  verdict: z.enum(VERDICTS).optional(),
  tests: z.array(jsonlTestSchema).optional(),
  title: z.string().optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  platform: z.string().optional(),
  contest_date: z.string().optional(),
  response: z.string().optional(),
  completion_tokens: z.int().min(0).optional(),
  num_tokens: z.int().min(0).optional(),
  output_tokens: z.int().min(0).optional(),
  release_date: z.string().optional(),
});

/** The names researchers' files give a response's token count (one of them per sample). */
export const TOKEN_COUNT_FIELDS = ['completion_tokens', 'num_tokens', 'output_tokens'] as const;

export type JsonlSampleLine = z.output<typeof jsonlSampleSchema>;
