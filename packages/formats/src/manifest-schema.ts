import { CHECKPOINT_ROLES, type CheckpointRole } from '@frontier/core';
import { z } from 'zod';
import { IMPORT_LIMITS, importedLine, importedText } from './imported-text';

/** Core's checkpoint roles as a manifest spells them (lower case; any case is accepted on read). */
export type ManifestRole = Lowercase<CheckpointRole>;
export const MANIFEST_ROLES = CHECKPOINT_ROLES.map((role) => role.toLowerCase() as ManifestRole);

export const ENTRY_FORMATS = ['lcb', 'jsonl'] as const;
export type EntryFormat = (typeof ENTRY_FORMATS)[number];

/** One entry of a manifest as written on disk. Unknown keys are rejected, to catch typos. */
export const manifestEntrySchema = z.strictObject({
  path: z.string().min(1),
  alpha: z.number(),
  setting: importedLine(IMPORT_LIMITS.platform, 1).optional(),
  scale: importedLine(IMPORT_LIMITS.platform, 1).optional(),
  role: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(MANIFEST_ROLES))
    .optional(),
  name: importedLine(IMPORT_LIMITS.id, 1).optional(),
  format: z.enum(ENTRY_FORMATS).optional(),
});

export const manifestSchema = z.strictObject({
  study: importedLine(IMPORT_LIMITS.id, 1),
  description: importedText.max(10_000, 'must be at most 10000 characters').optional(),
  benchmark: importedLine(IMPORT_LIMITS.id).optional(),
  entries: z.array(manifestEntrySchema).min(1),
});

/** The on-disk shape of a manifest (what a generator writes). */
export type ManifestFile = z.input<typeof manifestSchema>;
