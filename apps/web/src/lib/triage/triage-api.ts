import { parseSolvedRule, SOLVED_RULE_FORMS, type TriageRecord } from '@frontier/core';
import { z } from 'zod';
import { checkWindowOrder, filterFieldsSchema, printableText } from '../study/filters';
import { sameShape } from '../api/same-shape';

// GET /api/studies/:id/triage?a=ALPHA&b=ALPHA : the triage rows `frontier triage --json` prints,
// for scripts. Checkpoints are named as researchers name them, by alpha (or by name for a model
// off the alpha line), not by database id.

const checkpointSpec = printableText(200);

export const triageQuerySchema = filterFieldsSchema
  .extend({
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
  })
  .check(checkWindowOrder);

export type TriageQuery = z.infer<typeof triageQuerySchema>;

const count = z.number().int().nonnegative();
const solved = z.boolean().nullable().meta({ description: 'Solved under the rule in force; null where it cannot say' });

export const triageRecordSchema = z
  .strictObject({
    problem_id: z.string().meta({ description: "The problem's id in the benchmark (its external id)" }),
    title: z.string(),
    difficulty: z.string(),
    a_c: count,
    a_n: count,
    b_c: count,
    b_n: count,
    diff: z.number().meta({ description: 'c_A/n_A - c_B/n_B' }),
    diff_lo: z.number().meta({ description: "Newcombe's 95% hybrid score interval of diff" }),
    diff_hi: z.number(),
    p: z.number().meta({ description: "Fisher's exact test, two-sided" }),
    q: z.number().meta({ description: 'Benjamini-Hochberg q-value over the problems compared' }),
    significant: z.boolean().meta({ description: 'q below the threshold asked for' }),
    a_solved: solved,
    b_solved: solved,
  })
  .meta({ id: 'TriageRecord' });

sameShape<z.infer<typeof triageRecordSchema>, TriageRecord>();

/** Ordered by q, then |diff|. */
export const triageResponseSchema = z.array(triageRecordSchema);
