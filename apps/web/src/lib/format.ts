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
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
