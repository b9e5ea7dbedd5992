import { exclusionReasonProblem, MAX_EXCLUSIONS_PER_REQUEST } from '@frontier/core';
import { z } from 'zod';

// /api/studies/:id/exclusions: the problems a study leaves out of every number, named by their id
// as the solve matrix shows it (the problem's external id), each with a reason. The rule for a
// reason is core's, applied on the problem page (before sending) and by the API (the authority).

const problemId = z
  .string({ error: 'must be a problem id as the solve matrix shows it' })
  .trim()
  .min(1, 'must be a problem id as the solve matrix shows it')
  .max(200, 'is too long');

const reason = z.string({ error: 'must be a string' }).transform((text, ctx) => {
  const problem = exclusionReasonProblem(text);
  if (problem === undefined) return text.trim();
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/** POST body: the problems to exclude with their reasons (again: the reason is updated). */
export const excludeBodySchema = z.strictObject({
  problems: z
    .array(z.strictObject({ id: problemId, reason }))
    .min(1, 'must name at least one problem')
    .max(MAX_EXCLUSIONS_PER_REQUEST, `must name at most ${MAX_EXCLUSIONS_PER_REQUEST} problems`),
});
export type ExcludeBody = z.infer<typeof excludeBodySchema>;

/** DELETE body: the problems to count again. */
export const includeBodySchema = z.strictObject({
  problems: z
    .array(problemId)
    .min(1, 'must name at least one problem')
    .max(MAX_EXCLUSIONS_PER_REQUEST, `must name at most ${MAX_EXCLUSIONS_PER_REQUEST} problems`),
});
export type IncludeBody = z.infer<typeof includeBodySchema>;

export const exclusionSchema = z.strictObject({
  problemId: z.number().int().meta({ description: "The problem's database id (its drill-down's)" }),
  externalId: z.string().meta({ description: 'The problem id as the solve matrix shows it' }),
  title: z.string(),
  reason: z.string(),
  by: z.string().nullable().meta({ description: "Who excluded it (an account's email); null in local mode" }),
  at: z.iso.datetime({ offset: true }),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/** GET: every exclusion of the study, by problem id. */
export const exclusionsResponseSchema = z.strictObject({ exclusions: z.array(exclusionSchema) });
export type ExclusionsResponse = z.infer<typeof exclusionsResponseSchema>;

/** POST and DELETE: how many exclusions changed, and the study's data version after the change. */
export const exclusionChangeResponseSchema = z.strictObject({
  changed: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Exclusions added or whose reason changed (POST), or removed (DELETE)' }),
  dataVersion: z.number().int(),
});
export type ExclusionChangeResponse = z.infer<typeof exclusionChangeResponseSchema>;
