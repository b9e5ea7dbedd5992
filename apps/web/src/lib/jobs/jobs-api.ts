import { JOB_KINDS, JOB_STATES } from '@frontier/core';
import type { EvaluationChain } from '@frontier/db';
import { z } from 'zod';
import { jobSummarySchema } from './job-summary';
import { sameShape } from '../api/same-shape';
import { studyIdSchema } from '../study/study-id';

// Inputs and answers of the routes that queue, list and cancel pipeline jobs. Ids are written
// like study ids: positive decimal integers.

export const jobParamsSchema = z.strictObject({ id: studyIdSchema });

export const jobsQuerySchema = z.strictObject({
  study: studyIdSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'must be an integer from 1 to 2000')
    .transform(Number)
    .pipe(z.number().max(2000, 'must be an integer from 1 to 2000'))
    .optional(),
});

/** GET /api/jobs */
export const jobsResponseSchema = z.strictObject({
  jobs: z.array(jobSummarySchema).meta({ description: 'Newest first' }),
});
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

/** GET /api/jobs/:id, and POST /api/studies/:id/refine (the run it queued). */
export const jobResponseSchema = z.strictObject({ job: jobSummarySchema });

/** POST /api/jobs/:id/cancel: the job as it is now, and how many jobs were cancelled with it. */
export const cancelJobResponseSchema = z.strictObject({
  job: jobSummarySchema,
  cancelled: z.number().int().nonnegative(),
});

const chainSchema = z.strictObject({
  alpha: z.number(),
  jobIds: z
    .array(z.number().int())
    .meta({ description: "The chain's job ids in order: merge, generate, judge, aggregate" }),
  existing: z.boolean().meta({
    description: 'The alpha already had this chain (queued, running or succeeded): nothing was queued for it',
  }),
  state: z.enum(JOB_STATES).meta({ description: "The chain's state in one word (QUEUED for one queued now)" }),
  jobs: z.array(z.strictObject({ id: z.number().int(), kind: z.enum(JOB_KINDS), state: z.enum(JOB_STATES) })),
});

sameShape<z.infer<typeof chainSchema>, EvaluationChain>();

/** POST /api/studies/:id/evaluate: per alpha, the chain queued now or the one it already had. */
export const evaluateResponseSchema = z.strictObject({ chains: z.array(chainSchema) });
export type EvaluateResponse = z.infer<typeof evaluateResponseSchema>;

/** POST /api/studies/:id/rejudge: the judge job queued (its aggregation follows it) and what it covers. */
export const rejudgeResponseSchema = z.strictObject({
  job: jobSummarySchema,
  aggregateJobId: z.number().int().meta({ description: 'The aggregation that runs after it' }),
  runs: z.number().int().nonnegative(),
  samples: z.number().int().nonnegative().meta({ description: 'Samples it judges again' }),
});
export type RejudgeResponse = z.infer<typeof rejudgeResponseSchema>;
