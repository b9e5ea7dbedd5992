// Alphas as refinement looks at them: on a grid finer than any evaluation would be worth, and
// written as people write them.

/** Alphas are looked at on this grid: finer than any evaluation would be worth. */
export const ALPHA_STEP = 0.01;

/** An alpha as people write it: two decimals, never -0. */
export function roundAlpha(a: number): number {
  return Math.round(a * 100) / 100 + 0;
}

/** The grid of alphas from lo to hi (both included, rounded to the step). */
export function alphaGrid(lo: number, hi: number, step = ALPHA_STEP): number[] {
  const out: number[] = [];
  const first = Math.ceil(lo / step - 1e-9);
  const last = Math.floor(hi / step + 1e-9);
  for (let i = first; i <= last; i++) out.push(roundAlpha(i * step));
  return out;
}
