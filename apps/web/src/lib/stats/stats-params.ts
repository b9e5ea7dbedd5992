import {
  DEFAULT_SOLVED_RULE,
  DEFAULT_TRIAGE_Q,
  formatSolvedRule,
  parseSolvedRule,
  type SolvedRule,
} from '@frontier/core';

// The statistical choices a view's URL carries beside its filters: `solved`, the rule that says
// when a checkpoint solves a problem (one for every tab, so it travels from tab to tab), and `q`,
// the false-discovery threshold at which triage and the matrix call a problem's rates different.
// A value that cannot be read falls back to its default and is reported, never guessed at.

export const STATS_KEYS = ['solved', 'q'] as const;

export interface StatsParams {
  rule: SolvedRule;
  q: number;
  /** Parameters that could not be read, with why. */
  problems: string[];
}

const Q_PATTERN = /^(0?\.\d{1,6}|1(\.0*)?)$/;

export function parseStatsParams(search: URLSearchParams): StatsParams {
  const problems: string[] = [];
  let rule = DEFAULT_SOLVED_RULE;
  const rawRule = search.get('solved');
  if (rawRule !== null) {
    const parsed = parseSolvedRule(rawRule);
    if (parsed.ok) rule = parsed.rule;
    else problems.push(`solved: ${parsed.message}; using ${formatSolvedRule(DEFAULT_SOLVED_RULE)}`);
  }
  let q = DEFAULT_TRIAGE_Q;
  const rawQ = search.get('q');
  if (rawQ !== null) {
    const value = Q_PATTERN.test(rawQ.trim()) ? Number(rawQ) : Number.NaN;
    if (value > 0 && value <= 1) q = value;
    else
      problems.push(
        `q: must be a false discovery rate above 0 and at most 1, such as 0.05 (got “${rawQ}”); using ${DEFAULT_TRIAGE_Q}`,
      );
  }
  return { rule, q, problems };
}

/** The query string with the given choices written in; defaults are left out so plain links stay short. */
export function withStatsParams(current: URLSearchParams, next: { rule?: SolvedRule; q?: number }): string {
  const search = new URLSearchParams(current);
  if (next.rule) {
    const text = formatSolvedRule(next.rule);
    if (text === formatSolvedRule(DEFAULT_SOLVED_RULE)) search.delete('solved');
    else search.set('solved', text);
  }
  if (next.q !== undefined) {
    if (next.q === DEFAULT_TRIAGE_Q) search.delete('q');
    else search.set('q', String(next.q));
  }
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
}
