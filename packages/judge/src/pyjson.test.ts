import { describe, expect, it } from 'vitest';
import { parsePyJson, pyEqual } from './pyjson';

const eq = (a: string, b: string) => pyEqual(parsePyJson(a), parsePyJson(b));

describe('JSON as Python reads it', () => {
  it('keeps integers exact and floats as doubles', () => {
    expect(parsePyJson('18446744073709551617')).toBe(18446744073709551617n);
    expect(parsePyJson('[123456789012345, 12345678901234567]')).toEqual([123456789012345, 12345678901234567n]);
    expect(parsePyJson('-0')).toBe(-0);
    expect(parsePyJson('1.5e3')).toBe(1500);
    expect(parsePyJson('[NaN, Infinity, -Infinity]')).toEqual([NaN, Infinity, -Infinity]);
    expect(parsePyJson(' {"a": [1, "x\\n"], "__proto__": null} ')).toEqual(
      JSON.parse('{"a": [1, "x\\n"], "__proto__": null}'),
    );
    expect(parsePyJson('{"a": [1e999, "x"], "__proto__": null}')).toEqual(
      new Map<string, unknown>([
        ['a', [Infinity, 'x']],
        ['__proto__', null],
      ]),
    );
  });
  it('rejects what json.loads rejects', () => {
    for (const bad of ['', '01', '[1,]', '{"a" 1}', '"\n"', 'nan', '1 2', "'a'", '[1] x'])
      expect(() => parsePyJson(bad), bad).toThrow(SyntaxError);
  });
  it('compares like Python ==', () => {
    expect(eq('18446744073709551617', '18446744073709551616')).toBe(false);
    expect(eq('18446744073709551616', '18446744073709551616.0')).toBe(true);
    expect(eq('9007199254740993', '9007199254740992.0')).toBe(false);
    expect(eq('2.0', '2')).toBe(true);
    expect(eq('[true, false]', '[1, 0.0]')).toBe(true);
    expect(eq('NaN', 'NaN')).toBe(false);
    expect(eq('Infinity', '1e999')).toBe(true);
    expect(eq('{"a": 1, "b": 2}', '{"b": 2, "a": 1}')).toBe(true);
    expect(eq('{"a": 1}', '{"a": 1, "b": 2}')).toBe(false);
    expect(eq('{"a": NaN, "b": 1}', '{"b": 1, "a": 1}')).toBe(false);
    expect(eq('{"a": Infinity, "b": 1}', '{"b": 1, "a": 1e999}')).toBe(true); // a Map against an object
    expect(eq('[1e16, 12345678901234568]', '[10000000000000000, 12345678901234568.0]')).toBe(true);
    expect(eq('12345678901234567', '12345678901234567.0')).toBe(false); // the float is ...568
    expect(eq('[1, [2]]', '[1, [2, 3]]')).toBe(false);
    expect(eq('"1"', '1')).toBe(false);
    expect(eq('null', 'null')).toBe(true);
  });
});
