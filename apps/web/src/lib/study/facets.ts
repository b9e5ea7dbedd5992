import type { StudyFacets } from '@frontier/db';
import { z } from 'zod';
import { sameShape } from '../api/same-shape';

// GET /api/studies/:id/facets: the values a study's filters can take (those with aggregated
// results, in display order) and its pipeline progress, what the explorer needs before its data.

export const facetsSchema = z
  .strictObject({
    difficulties: z.array(z.string()).meta({ description: 'Easiest first' }),
    settings: z.array(z.string()),
    scales: z.array(z.string()).meta({ description: 'By size (7B before 32B)' }),
    releaseDays: z
      .array(z.strictObject({ day: z.string().nullable(), problems: z.number().int().positive() }))
      .optional()
      .meta({
        description:
          "The study's problems by UTC release day (YYYY-MM-DD), earliest first; day null counts the problems without a release date",
      }),
  })
  .meta({ id: 'Facets' });

export type Facets = z.infer<typeof facetsSchema>;
sameShape<Facets, StudyFacets>();

export const studyFacetsResponseSchema = z.strictObject({
  facets: facetsSchema,
  pending: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Samples still waiting for the judge (the pipeline is running when above 0)' }),
  dataVersion: z.number().int(),
});

export type StudyFacetsResponse = z.infer<typeof studyFacetsResponseSchema>;
