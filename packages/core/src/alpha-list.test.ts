import { describe, expect, it } from 'vitest';
import { ALPHA_RANGE, MAX_ALPHAS, checkAlphas, parseAlphaList } from './alpha-list';

describe('parseAlphaList', () => {
  it('reads one alpha or a comma-separated list, without duplicates', () => {
    expect(parseAlphaList('2.5')).toEqual({ ok: true, alphas: [2.5] });
    expect(parseAlphaList(' 2.5, 3 ,-0.75,2.5, 1e-1 ')).toEqual({ ok: true, alphas: [2.5, 3, -0.75, 0.1] });
    expect(parseAlphaList('-0, 0')).toEqual({ ok: true, alphas: [0] });
    expect(parseAlphaList('.5')).toEqual({ ok: true, alphas: [0.5] });
  });

  it('names the item that is not a number', () => {
    for (const [text, item] of [
      ['abc', 'abc'],
      ['2.5, abc', 'abc'],
      ['0x10', '0x10'],
      ['1.2.3', '1.2.3'],
      ['Infinity', 'Infinity'],
      ['NaN', 'NaN'],
    ]) {
      const r = parseAlphaList(text!);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message, text).toContain(`"${item}"`);
    }
  });

  it('rejects empty input, empty items, alphas out of range and too many alphas', () => {
    expect(parseAlphaList('  ')).toEqual({ ok: false, message: 'enter an alpha, e.g. 2.5, or a list such as 2.5, 3' });
    expect(parseAlphaList('1,,2')).toEqual({
      ok: false,
      message: 'empty item in "1,,2": separate alphas with single commas',
    });
    expect(parseAlphaList('2, 11')).toEqual({ ok: false, message: 'alpha 11 is outside the allowed range [-10, 10]' });
    expect(parseAlphaList('-10, 10').ok).toBe(true);
    expect(parseAlphaList(Array.from({ length: 21 }, (_, i) => i / 4).join(','))).toEqual({
      ok: false,
      message: 'at most 20 alphas at a time (got 21)',
    });
  });

  it('reports the first fault in the order of the items', () => {
    expect(parseAlphaList('11, abc')).toMatchObject({ message: 'alpha 11 is outside the allowed range [-10, 10]' });
    expect(parseAlphaList('abc, 11')).toMatchObject({ message: '"abc" is not a number' });
  });

  it('counts distinct alphas against the limit', () => {
    expect(parseAlphaList([...Array.from({ length: MAX_ALPHAS }, (_, i) => i / 4), 0].join(',')).ok).toBe(true);
  });
});

describe('checkAlphas', () => {
  it('applies the same range, count and duplicate rules to numbers', () => {
    expect(ALPHA_RANGE).toEqual([-10, 10]);
    expect(checkAlphas([-1, -0.5, 0, -0, 0.5, 1, 1.5, 2, 1])).toEqual({
      ok: true,
      alphas: [-1, -0.5, 0, 0.5, 1, 1.5, 2],
    });
    const zero = checkAlphas([-0]);
    expect(zero.ok && Object.is(zero.alphas[0], 0)).toBe(true);
    expect(checkAlphas([0.5, 10.5])).toEqual({
      ok: false,
      message: 'alpha 10.5 is outside the allowed range [-10, 10]',
    });
    expect(checkAlphas([Number.NaN]).ok).toBe(false);
    expect(checkAlphas([Number.POSITIVE_INFINITY]).ok).toBe(false);
    expect(checkAlphas(Array.from({ length: 21 }, (_, i) => i / 4))).toEqual({
      ok: false,
      message: 'at most 20 alphas at a time (got 21)',
    });
    expect(checkAlphas([])).toEqual({ ok: false, message: 'no alphas given' });
  });

  it('agrees with parseAlphaList on the same numbers', () => {
    const alphas = [2.5, 3, -0.75, 2.5, 0.1];
    expect(checkAlphas(alphas)).toEqual(parseAlphaList(alphas.join(', ')));
  });
});
