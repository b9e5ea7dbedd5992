import { describe, expect, it } from 'vitest';
import {
  parseDecimal,
  parseSuggestCount,
  parseSuggestRange,
  parseSuggestView,
  writeSuggestView,
} from './suggest-state';

describe('suggestion panel state', () => {
  it('reads decimals strictly', () => {
    expect(parseDecimal(' -.25 ')).toBe(-0.25);
    expect(parseDecimal('1.')).toBe(1);
    for (const bad of [undefined, '', '1e3', '0x10', 'NaN', 'Infinity', '1,5', '--1'])
      expect(parseDecimal(bad), String(bad)).toBeUndefined();
  });
  it('accepts counts from 1 to 20 only', () => {
    expect(parseSuggestCount('1')).toBe(1);
    expect(parseSuggestCount('20')).toBe(20);
    for (const bad of [undefined, '', '0', '21', '2.5', '-1', '3abc', '1e1', '0003000'])
      expect(parseSuggestCount(bad), String(bad)).toBeUndefined();
  });
  it('accepts a range low below high inside [-10, 10] only', () => {
    expect(parseSuggestRange('-1.5,2.5')).toEqual([-1.5, 2.5]);
    expect(parseSuggestRange('-10,10')).toEqual([-10, 10]);
    for (const bad of [undefined, '', '1', '2,1', '1,1', '-11,0', '0,10.5', '0,1,2', 'a,b', '0,', ',1'])
      expect(parseSuggestRange(bad), String(bad)).toBeUndefined();
  });
  it('opens with ?suggest, falling back to the default count and range on junk', () => {
    expect(parseSuggestView(undefined, '0,1')).toBeUndefined();
    expect(parseSuggestView('5', '0,1')).toEqual({ count: 5, range: [0, 1] });
    expect(parseSuggestView('x', 'y')).toEqual({ count: 3 });
    expect(parseSuggestView('', undefined)).toEqual({ count: 3 });
  });
  it('writes what it reads', () => {
    const params = new URLSearchParams();
    writeSuggestView(params, { count: 4, range: [-0.1 - 0.2, 2] });
    expect(params.toString()).toBe('suggest=4&range=-0.3%2C2');
    expect(parseSuggestView(params.get('suggest') ?? undefined, params.get('range') ?? undefined)).toEqual({
      count: 4,
      range: [-0.3, 2],
    });
    const closed = new URLSearchParams();
    writeSuggestView(closed, undefined);
    expect(closed.toString()).toBe('');
  });
});
