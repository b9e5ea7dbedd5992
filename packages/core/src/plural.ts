// Counts in words: "1 test", "2 tests", "1,024 samples". One rule for the web app and the CLI, so
// no page or command says "1 tests".

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** The noun for this count: the singular for exactly 1, the plural (default: noun + "s") otherwise. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** The count, grouped by thousands, and its noun: plural(1, 'test') is "1 test", plural(3, 'study', 'studies') "3 studies". */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return `${grouped.format(count)} ${nounFor(count, singular, pluralForm)}`;
}
