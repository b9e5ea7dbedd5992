import { checkRefineSettings } from '@frontier/core';
import { z } from 'zod';
import { releaseDayText } from '../study/filters';

// POST /api/studies/:id/refine body, checked field by field here and as a whole by core's one
// rule (which the CLI and the worker apply too).

const whole = (what: string) => z.number({ error: `must be a number (${what})` }).int('must be a whole number');

export const refineBodySchema = z
  .strictObject({
    k: whole('pass@k').min(1).max(10_000),
    count: whole('alphas per round').min(1).max(20),
    range: z.tuple([z.number(), z.number()], { error: 'must be [low, high], two alphas' }),
    setting: z.string().min(1).max(200).optional(),
    scale: z.string().max(200).optional(),
    budgetAlphas: whole('alphas').min(1).optional(),
    budgetSamples: whole('samples').min(1).optional(),
    targetWidth: z.number().positive().optional(),
    from: releaseDayText.optional(),
    to: releaseDayText.optional(),
  })
  .superRefine((body, ctx) => {
    const checked = checkRefineSettings(body);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  });

export type RefineBody = z.infer<typeof refineBodySchema>;
