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

/** A size in binary units with one decimal at most: "2 GiB", "3.4 MiB", "900 bytes". */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** A p- or q-value: three decimals down to 0.001, then scientific ("3.2e-7"). */
export function formatP(p: number): string {
  if (Number.isNaN(p)) return '—';
  if (p >= 0.001) return p.toFixed(3);
  return p === 0 ? '< 1e-300' : p.toExponential(1);
}

/** A difference of rates in percentage points with its sign: "+12.5 pts", "−3.0 pts". */
export function formatPoints(x: number, digits = 1): string {
  const text = (Math.abs(x) * 100).toFixed(digits);
  return `${Number(text) === 0 ? '±' : x > 0 ? '+' : '−'}${text} pts`;
}
