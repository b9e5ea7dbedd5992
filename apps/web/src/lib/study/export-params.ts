import { z } from 'zod';
import { checkWindowOrder, releaseDayText } from './filters';

// GET /api/studies/:id/export: what `frontier export STUDY --format F [--samples] [--code]` takes
// as flags, in the query string. Kept free of @frontier/formats (the writers) so the route table
// that the access check reads stays light.

export const EXPORT_FORMATS = ['csv', 'parquet'] as const;

const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((v) => v === '1');

export const exportQuerySchema = z
  .strictObject({
    format: z
      .enum(EXPORT_FORMATS, { error: `must be ${EXPORT_FORMATS.join(' or ')}` })
      .meta({ description: 'csv (list columns as JSON arrays in one cell) or parquet (list columns as LIST)' }),
    samples: flag.optional().meta({
      description:
        '1: one row per sample (verdict, failure class, per-test verdicts, CPU ms, peak KiB) instead of per (checkpoint, setting, problem)',
    }),
    code: flag.optional().meta({ description: "1, with samples=1: each sample's program too" }),
    includeExcluded: flag
      .optional()
      .meta({ description: '1: rows of the problems the study excludes too (left out by default)' }),
    from: releaseDayText.optional().meta({
      description:
        'Only problems released on or after this UTC day (YYYY-MM-DD); problems without a release date are left out (counted in the X-Frontier-Undated header)',
    }),
    to: releaseDayText
      .optional()
      .meta({ description: 'Only problems released on or before this UTC day (YYYY-MM-DD)' }),
  })
  .refine((q) => !q.code || q.samples, {
    path: ['code'],
    message: 'needs samples=1: the aggregate rows have no programs',
  })
  .check(checkWindowOrder);

export type ExportQuery = z.infer<typeof exportQuerySchema>;
