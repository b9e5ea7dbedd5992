const integer = new Intl.NumberFormat('en-US');

/** A rate in [0, 1] as a percentage with one decimal, e.g. "42.3%". */
export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** Alpha as written by researchers: up to three decimals, no trailing zeros ("0.25", "-0.5", "1"). */
export function formatAlpha(alpha: number | null): string {
  return alpha === null ? '—' : String(Number(alpha.toFixed(3)));
}

export function formatCount(n: number): string {
  return integer.format(n);
}
