import { z } from 'zod';

// DATABASE_URL as every app reads it: empty counts as unset (shells and compose files often
// leave it so), anything else must be a postgres:// or postgresql:// URL.
export const databaseUrlSchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional())
  .optional()
  .describe(
    'The Postgres server to use, a `postgres://` or `postgresql://` URL; unset (or empty): the embedded Postgres, started on demand.',
  );

/** FRONTIER_DB_PATIENCE as every app reads it: seconds a database outage is waited out, in ms. */
export const dbPatienceSchema = z.coerce
  .number()
  .int()
  .min(1, 'must be at least 1 (seconds)')
  .max(86_400, 'must be at most 86400 (a day, in seconds)')
  .default(300)
  .transform((s) => s * 1000)
  .describe('Seconds a worker waits out a database outage before it stops (under `frontier up` it is then restarted).');
