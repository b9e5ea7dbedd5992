import { describe, expect, it } from 'vitest';
import { responseChars } from './response-chars';

describe('responseChars', () => {
  it('counts code points, as Postgres char_length does', () => {
    expect(responseChars('')).toBe(0);
    expect(responseChars('print(1)\n')).toBe(9);
    expect(responseChars('é')).toBe(1);
    expect(responseChars('a😀b')).toBe(3); // the emoji is two UTF-16 units
    expect(responseChars('\ud800x')).toBe(2); // a lone surrogate still counts once
  });
});
