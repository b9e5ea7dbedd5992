import { z } from 'zod';

/** A study id as it appears in a path: a positive integer written in decimal digits. */
export const studyIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, 'is too large'));

export const studyParamsSchema = z.strictObject({ id: studyIdSchema });
