import { ALPHA_RANGE } from '../alpha-list';
import { releaseDayProblem, releaseWindowProblem } from '../release-window';

// What an automatic refinement run is asked to do: one rule for the API, the CLI and the worker
// that runs it, so none of them accepts what another refuses.

export interface RefineSettings {
  /** pass@k to maximise. */
  k: number;
  /** Alphas proposed and evaluated per round. */
  count: number;
  /** Where alphas may be proposed, both ends included. */
  range: [number, number];
  /** The inference setting and model scale the curve is read from (required when the study has several). */
  setting?: string;
  scale?: string;
  /** Stop after this many new alphas were evaluated... */
  budgetAlphas?: number;
  /** ...or this many new samples generated (alphas x problems x samples per problem), whichever comes first. */
  budgetSamples?: number;
  /** Stop early once the best alpha's 95% interval is narrower than this. */
  targetWidth?: number;
  /** The release-date window the curve is read over (YYYY-MM-DD UTC days, inclusive). */
  from?: string;
  to?: string;
}

/** What is asked for: without a range, defaults.ts's defaultRange of the study's evaluated alphas, resolved when the run is queued. */
export type RefineRequest = Omit<RefineSettings, 'range'> & { range?: [number, number] };

/** A run evaluates at most this many alphas: past it a fixed grid would have been cheaper. */
export const MAX_REFINE_ALPHAS = 40;

const isWhole = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/** The settings, or why they are refused (naming the field at fault). */
export function checkRefineSettings(
  s: RefineSettings,
): { ok: true; settings: RefineSettings } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (!isWhole(s.k, 1, 10_000)) return fail(`k must be a whole number from 1 to 10000 (got ${s.k})`);
  if (!isWhole(s.count, 1, 20)) return fail(`count must be a whole number from 1 to 20 (got ${s.count})`);
  const [lo, hi] = s.range ?? [];
  const [min, max] = ALPHA_RANGE;
  if (!(typeof lo === 'number' && typeof hi === 'number' && lo >= min && hi <= max && lo < hi))
    return fail(`range must be two alphas, low below high, within [${min}, ${max}] (got ${JSON.stringify(s.range)})`);
  if (s.budgetAlphas === undefined && s.budgetSamples === undefined)
    return fail('give a budget: a number of alphas, or of samples');
  if (s.budgetAlphas !== undefined && !isWhole(s.budgetAlphas, 1, MAX_REFINE_ALPHAS))
    return fail(`the alpha budget must be a whole number from 1 to ${MAX_REFINE_ALPHAS} (got ${s.budgetAlphas})`);
  if (s.budgetSamples !== undefined && !isWhole(s.budgetSamples, 1, 1e12))
    return fail(`the sample budget must be a positive whole number (got ${s.budgetSamples})`);
  if (
    s.targetWidth !== undefined &&
    !(typeof s.targetWidth === 'number' && s.targetWidth > 0 && s.targetWidth <= hi - lo)
  )
    return fail(`the target width must be positive and at most the range's width (got ${s.targetWidth})`);
  for (const bound of ['from', 'to'] as const) {
    const day = s[bound];
    const problem = day === undefined ? undefined : releaseDayProblem(day);
    if (problem) return fail(`${bound} ${problem}`);
  }
  const order = releaseWindowProblem(s);
  if (order) return fail(order);
  return { ok: true, settings: s };
}
