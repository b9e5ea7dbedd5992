import { describe, expect, it } from 'vitest';
import { copyBytea, copyIntArray, copyText } from './copy-text';

describe('COPY text encoding', () => {
  it('escapes what the text format treats specially and maps NUL to U+FFFD', () => {
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('x\0y')).toBe('x\uFFFDy');
    expect(copyText('plain "quotes", commas')).toBe('plain "quotes", commas');
  });

  it('writes int arrays as array literals, NULL for missing values, \\N for no array', () => {
    expect(copyIntArray([0, 2.6, null, undefined])).toBe('{0,3,NULL,NULL}');
    expect(copyIntArray([])).toBe('{}');
    expect(copyIntArray(undefined)).toBe('\\N');
  });

  it('writes bytea as hex with the backslash escaped for the text format', () => {
    expect(copyBytea(Buffer.from([0, 0x5c, 0xff, 0x0a]))).toBe('\\\\x005cff0a');
    expect(copyBytea(new Uint8Array([9, 8, 7, 6]).subarray(1, 3))).toBe('\\\\x0807');
    expect(copyBytea(Buffer.alloc(0))).toBe('\\\\x');
  });
});
