import type { StudySummary as StudyRow } from '@frontier/db';
import { z } from 'zod';
import { sameShape, type AsJson } from '../api/same-shape';

// GET /api/studies and /api/studies/:id: a study as lists and headers show it. The data layer's
// summary row as JSON, without its count of internal errors (stored, never shown).

const count = z.number().int().nonnegative();

export const studySummarySchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    origin: z.string().meta({ description: 'Where the data came from: import, synthetic, demo or pipeline' }),
    createdAt: z.iso.datetime(),
    checkpoints: count,
    samples: count.meta({
      description: 'Judged samples (internal errors and pending excluded), summed from the aggregates',
    }),
    pending: count.meta({ description: 'Samples still waiting for the judge' }),
    dataVersion: z
      .number()
      .int()
      .meta({ description: "The study's data version: moves with every aggregation (shared links pin it)" }),
  })
  .meta({ id: 'StudySummary' });

export type StudySummary = z.infer<typeof studySummarySchema>;
sameShape<StudySummary, Omit<AsJson<StudyRow>, 'internalErrors'>>();

export const studiesResponseSchema = z.strictObject({
  studies: z.array(studySummarySchema).meta({ description: 'Newest first' }),
});
export const studyResponseSchema = z.strictObject({ study: studySummarySchema });
