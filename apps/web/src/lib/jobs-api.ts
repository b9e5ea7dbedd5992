import { z } from 'zod';
import { studyIdSchema } from './study-id';

// Inputs of the /api/jobs routes. Ids are written like study ids: positive decimal integers.

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
