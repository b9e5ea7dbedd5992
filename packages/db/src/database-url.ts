import { z } from 'zod';

// DATABASE_URL as every app reads it: empty counts as unset (shells and compose files often
// leave it so), anything else must be a postgres:// or postgresql:// URL.
export const databaseUrlSchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional())
  .optional();
