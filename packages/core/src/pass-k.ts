// Which k pass@k may be asked for: one rule for the Frontier tab's input, its ?k= URL parameter
// and the CLI's --k, so each refuses the same values with the same reason.

/** k beyond this is no estimate anyone draws (and keeps a URL's k from running the maths for ever). */
export const MAX_PASS_K = 100_000;

export type PassK = { ok: true; k: number } | { ok: false; message: string };

const WHOLE = /^\s*\+?\d+\s*$/;

/**
 * k as typed ("4"), checked: a whole number from 1, and at most `maxN` when known (the samples per
 * problem: pass@k draws k of a problem's n samples, so it needs k <= n; where checkpoints differ,
 * the largest k some checkpoint can take on every problem).
 */
export function parsePassK(text: string, maxN?: number): PassK {
  const shown = JSON.stringify(text);
  if (!WHOLE.test(text)) return { ok: false, message: `k must be a whole number of at least 1 (got ${shown})` };
  const k = Number(text);
  if (k < 1)
    return {
      ok: false,
      message: `k must be at least 1, since pass@k is the chance that one of k samples passes (got ${shown})`,
    };
  if (maxN !== undefined && maxN >= 1 && k > maxN) {
    return {
      ok: false,
      message: `k must be at most n = ${maxN}, the samples per problem here, since pass@k draws k of a problem's n samples (got ${shown})`,
    };
  }
  if (k > MAX_PASS_K) return { ok: false, message: `k must be at most ${MAX_PASS_K} (got ${shown})` };
  return { ok: true, k };
}
