import { ALPHA_RANGE, checkRefineSettings, MAX_REFINE_ALPHAS, type RefineSettings } from '@frontier/core';
import { MAX_SUGGEST_COUNT, parseDecimal, parseSuggestCount, type SuggestView } from '../frontier/suggest-state';

// The text typed into the suggestion panel's two forms, checked field by field so each message
// shows next to its field. The rules are the ones the URL parser and the refine route apply.

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type FormResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export interface SuggestFields {
  count: string;
  lo: string;
  hi: string;
}

const [MIN_ALPHA, MAX_ALPHA] = ALPHA_RANGE;

function alphaField(text: string): { value?: number; error?: string } {
  if (text.trim() === '') return { error: 'enter an alpha' };
  const value = parseDecimal(text);
  if (value === undefined) return { error: `${JSON.stringify(text.trim())} is not a number` };
  if (value < MIN_ALPHA || value > MAX_ALPHA) return { error: `must be within [${MIN_ALPHA}, ${MAX_ALPHA}]` };
  return { value };
}

/** The panel's count and range, or what is wrong with each field. */
export function checkSuggestFields(fields: SuggestFields): FormResult<Required<SuggestView>, keyof SuggestFields> {
  const errors: FieldErrors<keyof SuggestFields> = {};
  const count = parseSuggestCount(fields.count);
  if (count === undefined) errors.count = `a whole number from 1 to ${MAX_SUGGEST_COUNT}`;
  const lo = alphaField(fields.lo);
  const hi = alphaField(fields.hi);
  if (lo.error) errors.lo = lo.error;
  if (hi.error) errors.hi = hi.error;
  if (lo.value !== undefined && hi.value !== undefined && lo.value >= hi.value) errors.hi = 'must be above the low end';
  if (count === undefined || lo.value === undefined || hi.value === undefined || errors.hi)
    return { ok: false, errors };
  return { ok: true, value: { count, range: [lo.value, hi.value] } };
}

export interface RefineFields {
  budget: string;
  targetWidth: string;
}

/** What the automatic run reuses from the panel: the same curve and the same proposals per round. */
export type RefineContext = Pick<RefineSettings, 'k' | 'count' | 'range' | 'setting' | 'scale' | 'from' | 'to'>;

/** The body of POST /api/studies/:id/refine, or what is wrong with each field. */
export function refineRequest(
  fields: RefineFields,
  context: RefineContext,
): FormResult<RefineSettings, keyof RefineFields | 'form'> {
  const errors: FieldErrors<keyof RefineFields | 'form'> = {};
  const budget = /^\s*\d{1,3}\s*$/.test(fields.budget) ? Number(fields.budget) : Number.NaN;
  if (fields.budget.trim() === '') errors.budget = 'required: how many alphas the run may evaluate';
  else if (!(budget >= 1 && budget <= MAX_REFINE_ALPHAS))
    errors.budget = `a whole number from 1 to ${MAX_REFINE_ALPHAS}`;
  let targetWidth: number | undefined;
  if (fields.targetWidth.trim() !== '') {
    targetWidth = parseDecimal(fields.targetWidth);
    const width = context.range[1] - context.range[0];
    if (targetWidth === undefined || !(targetWidth > 0 && targetWidth <= width))
      errors.targetWidth = `a positive alpha width, at most the range's ${Number(width.toFixed(6))}`;
  }
  if (errors.budget || errors.targetWidth) return { ok: false, errors };
  const body: RefineSettings = {
    ...context,
    budgetAlphas: budget,
    ...(targetWidth !== undefined && { targetWidth }),
  };
  // The same check the route runs, for anything the fields above do not cover.
  const checked = checkRefineSettings(body);
  return checked.ok ? { ok: true, value: body } : { ok: false, errors: { form: checked.message } };
}
