import { passAtK } from '../pass-at-k';

// When does a checkpoint "solve" a problem? One named definition, chosen once per view and used
// wherever a yes/no per problem matters (McNemar's test, the solve matrix's flags and marks,
// ensembles' problem counts, CSVs):
//   rate:  c/n >= tau (default, tau = 0.5): solved by most of its samples;
//   pass:  pass@k >= tau: solved with probability tau in k tries;
//   any:   c > 0: solved at least once. With n samples this is pass@n >= "anything", so it
//          saturates as n grows: at 250 samples almost every problem is "solved" by both sides.

export type SolvedRule = { kind: 'rate'; tau: number } | { kind: 'pass'; k: number; tau: number } | { kind: 'any' };

export const DEFAULT_SOLVED_RULE: SolvedRule = Object.freeze({ kind: 'rate', tau: 0.5 });

/** Whether c of n samples solve the problem under `rule`; null when the rule cannot say (n < 1, or n < k for pass@k). */
export function isSolved(rule: SolvedRule, n: number, c: number): boolean | null {
  if (!(n >= 1)) return null;
  switch (rule.kind) {
    case 'any':
      return c > 0;
    case 'rate':
      return c / n >= rule.tau;
    case 'pass':
      return n < rule.k ? null : passAtK(n, c, rule.k) >= rule.tau;
  }
}

const tauText = (tau: number) => String(Number(tau.toFixed(4)));

/** The rule in words, e.g. "c/n ≥ 0.5". */
export function describeSolvedRule(rule: SolvedRule): string {
  switch (rule.kind) {
    case 'any':
      return 'c > 0 (at least one sample passes)';
    case 'rate':
      return `c/n ≥ ${tauText(rule.tau)}`;
    case 'pass':
      return `pass@${rule.k} ≥ ${tauText(rule.tau)}`;
  }
}

/** The rule as a URL or CLI value: "rate-0.5", "pass10-0.5" or "any". */
export function formatSolvedRule(rule: SolvedRule): string {
  switch (rule.kind) {
    case 'any':
      return 'any';
    case 'rate':
      return `rate-${tauText(rule.tau)}`;
    case 'pass':
      return `pass${rule.k}-${tauText(rule.tau)}`;
  }
}

export const SOLVED_RULE_FORMS =
  '"rate-TAU" (c/n >= TAU), "passK-TAU" (pass@K >= TAU) or "any" (c > 0), with 0 < TAU <= 1, e.g. rate-0.5';

/** A rule from its URL or CLI form, or why it is not one. */
export function parseSolvedRule(text: string): { ok: true; rule: SolvedRule } | { ok: false; message: string } {
  const fail = { ok: false as const, message: `must be ${SOLVED_RULE_FORMS} (got ${JSON.stringify(text)})` };
  const t = text.trim();
  if (t === 'any') return { ok: true, rule: { kind: 'any' } };
  const m = /^(rate|pass([1-9]\d{0,5}))-(0?\.\d{1,4}|1(\.0{0,4})?)$/.exec(t);
  if (!m) return fail;
  const tau = Number(m[3]);
  if (!(tau > 0 && tau <= 1)) return fail;
  return m[2] === undefined
    ? { ok: true, rule: { kind: 'rate', tau } }
    : { ok: true, rule: { kind: 'pass', k: Number(m[2]), tau } };
}
