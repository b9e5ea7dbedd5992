import { CHECKPOINT_ROLES, COUNT_FIELDS, type StudyData } from '@frontier/core';
import { z } from 'zod';
import { sameShape } from '../api/same-shape';

// GET /api/studies/:id/data: @frontier/core's StudyData as JSON, the columnar counts every view
// computes from. Described here for the API's clients; checked against core's type at build time.

const checkpointSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(CHECKPOINT_ROLES),
  alpha: z
    .number()
    .nullable()
    .meta({ description: 'Null off the alpha line; endpoints without a stored alpha sit at 0 (LOW) and 1 (HIGH)' }),
  scale: z.string(),
});

const problemSchema = z.strictObject({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  difficulty: z.string(),
});

const column = z.array(z.number().int());

export const studyDataSchema = z
  .strictObject({
    studyId: z.number().int(),
    dataVersion: z.number().int().meta({ description: 'The data version this was read at (shared links pin it)' }),
    filters: z.strictObject({
      difficulty: z.string().optional(),
      setting: z.string().optional(),
      scale: z.string().optional(),
      from: z.string().optional().meta({ description: 'Release window start, YYYY-MM-DD (UTC day, inclusive)' }),
      to: z.string().optional().meta({ description: 'Release window end, YYYY-MM-DD (UTC day, inclusive)' }),
    }),
    checkpoints: z.array(checkpointSchema).meta({ description: 'Sorted by scale, then alpha (nulls last), then id' }),
    problems: z.array(problemSchema).meta({ description: 'Sorted by external id' }),
    counts: z.record(z.enum(COUNT_FIELDS), column).meta({
      description:
        'counts[field][c * problems.length + p] for checkpoint c and problem p (checkpoint-major); a cell without run data has n = -1',
    }),
    undated: z.number().int().nonnegative().optional().meta({
      description:
        'Problems the other filters keep that have no release date, left out because a release window is set',
    }),
  })
  .meta({ id: 'StudyData' });

sameShape<z.infer<typeof studyDataSchema>, StudyData>();
