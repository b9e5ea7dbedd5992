import { z } from 'zod';

export const CHECKPOINT_ROLES = ['init', 'low', 'high', 'merged'] as const;
export type CheckpointRole = (typeof CHECKPOINT_ROLES)[number];

export const ENTRY_FORMATS = ['lcb', 'jsonl'] as const;
export type EntryFormat = (typeof ENTRY_FORMATS)[number];

/** One entry of a manifest as written on disk. Unknown keys are rejected, to catch typos. */
export const manifestEntrySchema = z.strictObject({
  path: z.string().min(1),
  alpha: z.number(),
  setting: z.string().min(1).optional(),
  scale: z.string().min(1).optional(),
  role: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(CHECKPOINT_ROLES))
    .optional(),
  name: z.string().min(1).optional(),
  format: z.enum(ENTRY_FORMATS).optional(),
});

export const manifestSchema = z.strictObject({
  study: z.string().min(1),
  description: z.string().optional(),
  benchmark: z.string().optional(),
  entries: z.array(manifestEntrySchema).min(1),
});

/** The on-disk shape of a manifest (what a generator writes). */
export type ManifestFile = z.input<typeof manifestSchema>;
