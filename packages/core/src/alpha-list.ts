// Which alphas may be evaluated: one rule for the API, the browser and the CLI, so the CLI never
// accepts what the API refuses.

/** Far enough past the endpoints for any extrapolation study; beyond it the weights are noise. */
export const ALPHA_RANGE = [-10, 10] as const;
export const MAX_ALPHAS = 20;

/** Distinct alphas in the order given, or why the list is refused (naming the item at fault). */
export type AlphaList = { ok: true; alphas: number[] } | { ok: false; message: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Adds `alpha` (written `label`) unless already there; the message says why not when out of range. */
function addAlpha(alphas: number[], alpha: number, label: string): string | undefined {
  const [lo, hi] = ALPHA_RANGE;
  if (!(alpha >= lo && alpha <= hi)) return `alpha ${label} is outside the allowed range [${lo}, ${hi}]`;
  // -0 and 0 are the same checkpoint.
  if (!alphas.includes(alpha)) alphas.push(alpha === 0 ? 0 : alpha);
  return undefined;
}

function limitCount(alphas: number[]): AlphaList {
  if (alphas.length > MAX_ALPHAS)
    return { ok: false, message: `at most ${MAX_ALPHAS} alphas at a time (got ${alphas.length})` };
  return { ok: true, alphas };
}

/** Parses what a researcher types: "2.5" or "2.5, 3". Items are checked in order; the first fault wins. */
export function parseAlphaList(text: string): AlphaList {
  if (text.trim() === '') return { ok: false, message: 'enter an alpha, e.g. 2.5, or a list such as 2.5, 3' };
  const alphas: number[] = [];
  for (const item of text.split(',').map((s) => s.trim())) {
    if (item === '')
      return { ok: false, message: `empty item in ${JSON.stringify(text)}: separate alphas with single commas` };
    if (!NUMBER.test(item)) return { ok: false, message: `${JSON.stringify(item)} is not a number` };
    const message = addAlpha(alphas, Number(item), item);
    if (message) return { ok: false, message };
  }
  return limitCount(alphas);
}

/** The same range, count and duplicate rules for alphas that are numbers already (a preset grid). */
export function checkAlphas(alphas: readonly number[]): AlphaList {
  if (alphas.length === 0) return { ok: false, message: 'no alphas given' };
  const distinct: number[] = [];
  for (const alpha of alphas) {
    const message = addAlpha(distinct, alpha, String(alpha));
    if (message) return { ok: false, message };
  }
  return limitCount(distinct);
}
