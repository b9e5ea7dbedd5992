import { describe, expect, it } from 'vitest';
import { CliError } from '../errors';
import { parseCountFlag, parseRangeFlag } from './curve-flags';

describe('curve flags', () => {
  it('reads a range "lo,hi" and refuses anything else by name', () => {
    expect(parseRangeFlag('-2,3')).toEqual([-2, 3]);
    expect(parseRangeFlag(' -0.5 , 1.5 ')).toEqual([-0.5, 1.5]);
    expect(() => parseRangeFlag('1')).toThrow(/--range must be two alphas/);
    expect(() => parseRangeFlag('1,2,3')).toThrow(/--range must be two alphas/);
    expect(() => parseRangeFlag('2,1')).toThrow(/low end must be below/);
    expect(() => parseRangeFlag('a,1')).toThrow(/--range must be a number/);
    expect(() => parseRangeFlag('-20,1')).toThrow(/within \[-10, 10\]/);
    expect(() => parseRangeFlag('1,1')).toThrow(CliError);
  });
  it('takes 1 to 20 alphas per round', () => {
    expect(parseCountFlag('3')).toBe(3);
    expect(() => parseCountFlag('0')).toThrow(/--count must be an integer >= 1/);
    expect(() => parseCountFlag('21')).toThrow(/at most 20/);
    expect(() => parseCountFlag('2.5')).toThrow(/--count/);
  });
});
