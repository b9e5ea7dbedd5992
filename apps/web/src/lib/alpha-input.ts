import { z } from 'zod';

// What a researcher may type as alphas to evaluate: "2.5" or "2.5, 3". Checked the same way in
// the browser (inline, before sending) and by the API (the authority).

/** Far enough past the endpoints for any extrapolation study; beyond it the weights are noise. */
export const ALPHA_RANGE = [-10, 10] as const;
export const MAX_ALPHAS = 20;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type AlphaInput = { ok: true; alphas: number[] } | { ok: false; message: string };

/** Parses a comma-separated list of alphas; the error names the item at fault. */
export function parseAlphaInput(text: string): AlphaInput {
  if (text.trim() === '') return { ok: false, message: 'enter an alpha, e.g. 2.5, or a list such as 2.5, 3' };
  const items = text.split(',').map((s) => s.trim());
  const alphas: number[] = [];
  for (const item of items) {
    if (item === '') return { ok: false, message: `empty item in ${JSON.stringify(text)}: separate alphas with single commas` };
    if (!NUMBER.test(item)) return { ok: false, message: `${JSON.stringify(item)} is not a number` };
    const alpha = Number(item);
    const [lo, hi] = ALPHA_RANGE;
    if (!(alpha >= lo && alpha <= hi)) return { ok: false, message: `alpha ${item} is outside the allowed range [${lo}, ${hi}]` };
    // -0 and 0 are the same checkpoint.
    if (!alphas.includes(alpha)) alphas.push(alpha === 0 ? 0 : alpha);
  }
  if (alphas.length > MAX_ALPHAS) return { ok: false, message: `at most ${MAX_ALPHAS} alphas at a time (got ${alphas.length})` };
  return { ok: true, alphas };
}

/** POST /api/studies/:id/evaluate body: `{ alphas: "2.5, 3" }`, parsed into numbers. */
export const evaluateBodySchema = z.strictObject({
  alphas: z
    .string({ error: 'must be a string such as "2.5" or "2.5, 3"' })
    .max(500, 'is too long')
    .transform((text, ctx) => {
      const parsed = parseAlphaInput(text);
      if (parsed.ok) return parsed.alphas;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});
