import { parseSolvedRule, SOLVED_RULE_FORMS } from '@frontier/core';
import { z } from 'zod';
import { filtersSchema, printableText } from './filters';

// GET /api/studies/:id/triage?a=ALPHA&b=ALPHA : the triage rows `frontier triage --json` prints,
// for scripts. Checkpoints are named as researchers name them, by alpha (or by name for a model
// off the alpha line), not by database id.

const checkpointSpec = printableText(200);

export const triageQuerySchema = filtersSchema.extend({
  a: checkpointSpec,
  b: checkpointSpec,
  q: z
    .string({ error: 'must be given once' })
    .regex(/^(0?\.\d{1,6}|1(\.0*)?)$/, 'must be a false discovery rate above 0 and at most 1, such as 0.05')
    .transform(Number)
    .refine((q) => q > 0, 'must be above 0')
    .optional(),
  solved: z
    .string({ error: 'must be given once' })
    .transform((text, ctx) => {
      const parsed = parseSolvedRule(text);
      if (parsed.ok) return parsed.rule;
      ctx.addIssue({ code: 'custom', message: `must be ${SOLVED_RULE_FORMS}` });
      return z.NEVER;
    })
    .optional(),
});

export type TriageQuery = z.infer<typeof triageQuerySchema>;
