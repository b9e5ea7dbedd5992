import { z } from 'zod';
import { DIFFICULTIES, VERDICTS } from '@frontier/core';
import { IMPORT_LIMITS, importedCount, importedLine, importedText, INT4_MAX } from './imported-text';

// Keep in sync with schema/sample.schema.json (sample-schema.test.ts compares the two).

export const LANGUAGES = ['python', 'cpp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One test run inside a JSONL sample's `tests`. */
export const jsonlTestSchema = z.strictObject({
  tier: z.int().min(1).max(32767).optional(),
  verdict: z.enum(VERDICTS),
  cpu_ms: z.number().min(0).max(INT4_MAX).optional(),
  peak_kib: z.number().min(0).max(INT4_MAX).optional(),
});

/** One line of our JSONL sample format, as written on disk. Unknown fields are rejected, to catch typos. */
export const jsonlSampleSchema = z.strictObject({
  problem_id: importedLine(IMPORT_LIMITS.id, 1),
  code: z.string(),
  id: importedLine(IMPORT_LIMITS.id, 1).optional(),
  language: z.enum(LANGUAGES).optional(),
  index: importedCount.optional(),
  verdict: z.enum(VERDICTS).optional(),
  tests: z.array(jsonlTestSchema).optional(),
  title: importedLine(IMPORT_LIMITS.title).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  platform: importedLine(IMPORT_LIMITS.platform).optional(),
  contest_date: z.string().optional(),
  response: importedText.optional(),
  completion_tokens: importedCount.optional(),
  num_tokens: importedCount.optional(),
  output_tokens: importedCount.optional(),
  release_date: z.string().optional(),
});

/** The names researchers' files give a response's token count (one of them per sample). */
export const TOKEN_COUNT_FIELDS = ['completion_tokens', 'num_tokens', 'output_tokens'] as const;

export type JsonlSampleLine = z.output<typeof jsonlSampleSchema>;
