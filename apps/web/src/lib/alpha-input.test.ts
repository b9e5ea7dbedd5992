import { describe, expect, it } from 'vitest';
import { evaluateBodySchema, parseAlphaInput } from './alpha-input';

describe('parseAlphaInput', () => {
  it('reads one alpha or a comma-separated list, without duplicates', () => {
    expect(parseAlphaInput('2.5')).toEqual({ ok: true, alphas: [2.5] });
    expect(parseAlphaInput(' 2.5, 3 ,-0.75,2.5, 1e-1 ')).toEqual({ ok: true, alphas: [2.5, 3, -0.75, 0.1] });
    expect(parseAlphaInput('-0, 0')).toEqual({ ok: true, alphas: [0] });
    expect(parseAlphaInput('.5')).toEqual({ ok: true, alphas: [0.5] });
  });

  it('names the item that is not a number', () => {
    for (const [text, item] of [['abc', 'abc'], ['2.5, abc', 'abc'], ['0x10', '0x10'], ['1.2.3', '1.2.3'], ['Infinity', 'Infinity'], ['NaN', 'NaN']]) {
      const r = parseAlphaInput(text!);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message, text).toContain(`"${item}"`);
    }
  });

  it('rejects empty input, empty items, alphas out of range and too many alphas', () => {
    expect(parseAlphaInput('  ').ok).toBe(false);
    expect(parseAlphaInput('1,,2').ok).toBe(false);
    const far = parseAlphaInput('2, 11');
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.message).toContain('alpha 11 is outside');
    expect(parseAlphaInput('-10, 10').ok).toBe(true);
    expect(parseAlphaInput(Array.from({ length: 21 }, (_, i) => i / 4).join(',')).ok).toBe(false);
  });
});

describe('evaluateBodySchema', () => {
  it('turns the text into numbers and reports problems on the alphas field', () => {
    expect(evaluateBodySchema.parse({ alphas: '2.5, 3' })).toEqual({ alphas: [2.5, 3] });
    const bad = evaluateBodySchema.safeParse({ alphas: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['alphas']);
    expect(bad.error!.issues[0]!.message).toContain('"abc" is not a number');
    expect(evaluateBodySchema.safeParse({ alphas: 2.5 }).success).toBe(false);
    expect(evaluateBodySchema.safeParse({ alphas: '1', extra: true }).success).toBe(false);
  });
});
