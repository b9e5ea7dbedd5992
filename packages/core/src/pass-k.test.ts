import { describe, expect, it } from 'vitest';
import { MAX_PASS_K, parsePassK } from './pass-k';

describe('parsePassK', () => {
  it('takes a whole number from 1 to n', () => {
    expect(parsePassK('1')).toEqual({ ok: true, k: 1 });
    expect(parsePassK(' 64 ', 64)).toEqual({ ok: true, k: 64 });
    expect(parsePassK('+3')).toEqual({ ok: true, k: 3 });
  });
  it('refuses 0 and says why', () => {
    const r = parsePassK('0', 64);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^k must be at least 1, since .*\(got "0"\)$/);
    expect(parsePassK('000').ok).toBe(false);
  });
  it('refuses anything that is not a whole number, quoting it', () => {
    for (const text of ['', ' ', 'abc', '1.5', '-2', '1e3', '2x', 'NaN', 'Infinity']) {
      const r = parsePassK(text);
      expect(r, text).toEqual({
        ok: false,
        message: `k must be a whole number of at least 1 (got ${JSON.stringify(text)})`,
      });
    }
  });
  it('refuses k above the most samples a problem has', () => {
    const r = parsePassK('65', 64);
    expect(!r.ok && r.message).toMatch(/^k must be at most n = 64/);
    expect(parsePassK('65').ok).toBe(true);
  });
  it('has a ceiling even without n', () => {
    expect(parsePassK(String(MAX_PASS_K)).ok).toBe(true);
    expect(parsePassK(String(MAX_PASS_K + 1)).ok).toBe(false);
    expect(parsePassK('9'.repeat(400)).ok).toBe(false);
  });
});
