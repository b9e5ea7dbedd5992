import { VERDICTS } from '@frontier/core';
import { z } from 'zod';
import { filterFieldsSchema } from '../study/filters';
import { studyIdSchema } from '../study/study-id';

// Path and query parameters of the problem drill-down, shared by its API routes and its page.

/** A database id in a path or query string: a positive 32-bit integer in decimal digits. */
export const idSchema = studyIdSchema;

export const problemParamsSchema = z.strictObject({ id: idSchema, problemId: idSchema });

export const sampleParamsSchema = z.strictObject({
  id: idSchema,
  problemId: idSchema,
  runId: idSchema,
  idx: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, 'must be a non-negative integer')
    .transform(Number),
});

/** A sample's verdict, or PENDING for one the judge has not reached. */
export const SAMPLE_VERDICT_FILTERS = [...VERDICTS, 'PENDING'] as const;

export const SAMPLES_PAGE_SIZE = 20;

export const samplesQuerySchema = z.strictObject({
  checkpoint: idSchema.optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a positive integer')
    .transform(Number)
    .optional(),
  verdict: z.enum(SAMPLE_VERDICT_FILTERS, { error: `must be one of ${SAMPLE_VERDICT_FILTERS.join(', ')}` }).optional(),
});

export type SamplesQuery = z.infer<typeof samplesQuerySchema>;

/** Setting and scale narrow the per-checkpoint counts like the study's other views, checked alike. */
export const problemQuerySchema = filterFieldsSchema.pick({ setting: true, scale: true });
