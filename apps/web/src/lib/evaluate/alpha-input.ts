import { parseAlphaList } from '@frontier/core';
import { z } from 'zod';

// What a researcher may type as alphas to evaluate: "2.5" or "2.5, 3". The rule is core's
// parseAlphaList, applied in the browser (inline, before sending) and by the API (the authority).

/** POST /api/studies/:id/evaluate body: `{ alphas: "2.5, 3" }`, parsed into numbers. */
export const evaluateBodySchema = z.strictObject({
  alphas: z
    .string({ error: 'must be a string such as "2.5" or "2.5, 3"' })
    .max(500, 'is too long')
    .transform((text, ctx) => {
      const parsed = parseAlphaList(text);
      if (parsed.ok) return parsed.alphas;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});
