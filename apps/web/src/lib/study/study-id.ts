import { z } from 'zod';

// Every id of the database (study, problem, checkpoint, run, job) is a Postgres `integer`: a
// larger number would reach the query and fail there (a 500), so inputs are bounded here, once.

/** The largest value of a 32-bit `integer` column. */
export const MAX_DB_ID = 2_147_483_647;

/** A database id as a JSON number (request bodies): a positive integer that fits the id columns. */
export const dbIdSchema = z
  .number({ error: 'must be a number' })
  .int('must be a positive integer')
  .positive('must be a positive integer')
  .max(MAX_DB_ID, `is too large (at most ${MAX_DB_ID})`);

/** A database id as it appears in a path or query string: a positive integer in decimal digits. */
export const studyIdSchema = z
  .string({ error: 'must be given once' })
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(dbIdSchema);

export const studyParamsSchema = z.strictObject({ id: studyIdSchema });
