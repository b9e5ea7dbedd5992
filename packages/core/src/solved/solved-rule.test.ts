import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passAtK } from '../pass-at-k';
import { describeSolvedRule, formatSolvedRule, isSolved, parseSolvedRule, type SolvedRule } from './solved-rule';

describe('solved rules', () => {
  it('decide as their names say', () => {
    expect(isSolved({ kind: 'rate', tau: 0.5 }, 64, 32)).toBe(true);
    expect(isSolved({ kind: 'rate', tau: 0.5 }, 64, 31)).toBe(false);
    expect(isSolved({ kind: 'any' }, 250, 1)).toBe(true);
    expect(isSolved({ kind: 'any' }, 250, 0)).toBe(false);
    expect(isSolved({ kind: 'pass', k: 10, tau: 0.5 }, 64, 5)).toBe(passAtK(64, 5, 10) >= 0.5);
    expect(isSolved({ kind: 'pass', k: 10, tau: 0.5 }, 8, 5)).toBeNull();
    expect(isSolved({ kind: 'rate', tau: 0.5 }, 0, 0)).toBeNull();
  });

  it('round-trip through their URL form', () => {
    const rule = fc.oneof(
      fc.constant<SolvedRule>({ kind: 'any' }),
      fc.integer({ min: 1, max: 10_000 }).map((t) => ({ kind: 'rate' as const, tau: t / 10_000 })),
      fc
        .tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 10_000 }))
        .map(([k, t]) => ({ kind: 'pass' as const, k, tau: t / 10_000 })),
    );
    fc.assert(
      fc.property(rule, (r) => {
        expect(parseSolvedRule(formatSolvedRule(r))).toEqual({ ok: true, rule: r });
      }),
    );
  });

  it('refuse what is not a rule, saying what is', () => {
    for (const bad of ['', 'rate', 'rate-0', 'rate-1.5', 'pass0-0.5', 'pass-0.5', 'rate-0.5x', 'all', 'rate--0.5']) {
      const r = parseSolvedRule(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/rate-TAU/);
    }
    expect(parseSolvedRule('rate-.25')).toEqual({ ok: true, rule: { kind: 'rate', tau: 0.25 } });
    expect(parseSolvedRule('rate-1')).toEqual({ ok: true, rule: { kind: 'rate', tau: 1 } });
  });

  it('describe themselves', () => {
    expect(describeSolvedRule({ kind: 'rate', tau: 0.5 })).toBe('c/n ≥ 0.5');
    expect(describeSolvedRule({ kind: 'pass', k: 10, tau: 0.9 })).toBe('pass@10 ≥ 0.9');
  });
});
