import { z } from 'zod';
import { MATRIX_SORTS, type MatrixSort } from './matrix';

// The solve matrix's own URL parameters, beside the shared filters: row order, the row filters,
// and the selected alpha (`?alpha=`, the same parameter the Frontier tab's sweep writes).

const flag = z.enum(['1', '0'], { error: "must be '1' or '0'" }).transform((v) => v === '1');

export const matrixSearchSchema = z.object({
  sort: z.enum(MATRIX_SORTS, { error: `must be one of ${MATRIX_SORTS.join(', ')}` }).optional(),
  differs: flag.optional(),
  unstable: flag.optional(),
  alpha: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .optional(),
});

export interface MatrixViewState {
  sort: MatrixSort;
  differs: boolean;
  unstable: boolean;
  alpha: number | null;
}

export const MATRIX_KEYS = ['sort', 'differs', 'unstable', 'alpha'] as const;

export const DEFAULT_SORT: MatrixSort = 'difficulty';

type SearchLike = URLSearchParams | Record<string, string | string[] | undefined>;

/** The matrix state of a URL; invalid values are reported (a broken link is not guessed at). */
export function parseMatrixSearch(search: SearchLike) {
  const get = (key: string) =>
    search instanceof URLSearchParams
      ? search.getAll(key).length > 1
        ? search.getAll(key)
        : (search.get(key) ?? undefined)
      : search[key];
  const raw = Object.fromEntries(MATRIX_KEYS.map((k) => [k, get(k)]).filter(([, v]) => v !== undefined));
  const parsed = matrixSearchSchema.safeParse(raw);
  if (!parsed.success) return parsed;
  const d = parsed.data;
  return {
    success: true as const,
    data: {
      sort: d.sort ?? DEFAULT_SORT,
      differs: d.differs ?? false,
      unstable: d.unstable ?? false,
      alpha: d.alpha ?? null,
    } satisfies MatrixViewState,
  };
}

/** Writes the matrix state into a copy of the current query string (other parameters kept). */
export function withMatrixState(current: URLSearchParams, state: MatrixViewState): string {
  const next = new URLSearchParams(current);
  for (const k of MATRIX_KEYS) next.delete(k);
  if (state.sort !== DEFAULT_SORT) next.set('sort', state.sort);
  if (state.differs) next.set('differs', '1');
  if (state.unstable) next.set('unstable', '1');
  if (state.alpha !== null) next.set('alpha', String(state.alpha));
  const s = next.toString();
  return s === '' ? '' : `?${s}`;
}
