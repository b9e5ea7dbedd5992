import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from './json-error-position';

describe('jsonErrorPosition', () => {
  it('is -1 for valid JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonErrorPosition(JSON.stringify(v, null, 1)) === -1));
  });

  it.each([
    ['{"a": }', 6],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['"abc', 4],
    ['"\\x"', 2],
    ['[tru]', 1],
    ['{"a":1}}', 7],
  ])('finds the bad character in %j', (text, pos) => {
    expect(jsonErrorPosition(text)).toBe(pos);
  });
});
