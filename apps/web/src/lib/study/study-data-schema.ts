import { CHECKPOINT_ROLES, COUNT_FIELDS, VERDICTS, type StudyData } from '@frontier/core';
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
    failTiers: z
      .strictObject({
        tiers: z.number().int().min(0),
        correctness: column,
        optimization: column,
      })
      .optional()
      .meta({
        description:
          "Judged failing samples by the tier of their first failing test, correctness and optimization failures apart: correctness[(c * problems.length + p) * tiers + t] is tier t + 1's count; samples without per-test results are in neither. Absent in links pinned before it was kept",
      }),
    lengths: z
      .strictObject({
        chars: z.array(z.number().nonnegative()),
        tokens: z.array(z.number().nonnegative()),
        tokenSamples: z.array(z.number().int().nonnegative()),
      })
      .optional()
      .meta({
        description: `Response lengths summed per cell and verdict: [field][(c * problems.length + p) * ${VERDICTS.length} + verdict code] (AC, WA, TLE, MLE, RE, CE, OLE, IE). chars: sum of characters; tokens: sum of completion tokens over the tokenSamples samples that have a count. Absent in data pinned before lengths were recorded`,
      }),
    excluded: z
      .array(z.strictObject({ id: z.number().int(), externalId: z.string(), title: z.string(), reason: z.string() }))
      .optional()
      .meta({
        description:
          'Problems excluded from the study (under the difficulty filter) with the reason: in none of problems or counts',
      }),
    undated: z.number().int().nonnegative().optional().meta({
      description:
        'Problems the other filters keep that have no release date, left out because a release window is set',
    }),
  })
  .meta({ id: 'StudyData' });

sameShape<z.infer<typeof studyDataSchema>, StudyData>();
