import { describe, expect, it } from 'vitest';
import { CliError } from '../errors';
import { parseCountFlag, parseKFlag, parseRangeFlag } from './curve-flags';

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
  it('takes a whole k from 1, and says why 0 or junk is refused', () => {
    expect(parseKFlag('4')).toBe(4);
    expect(() => parseKFlag('0')).toThrow(
      '--k: k must be at least 1, since pass@k is the chance that one of k samples passes (got "0")',
    );
    expect(() => parseKFlag('1.5')).toThrow('--k: k must be a whole number of at least 1 (got "1.5")');
    expect(() => parseKFlag('')).toThrow(CliError);
  });
  it('takes 1 to 20 alphas per round', () => {
    expect(parseCountFlag('3')).toBe(3);
    expect(() => parseCountFlag('0')).toThrow(/--count must be an integer >= 1/);
    expect(() => parseCountFlag('21')).toThrow(/at most 20/);
    expect(() => parseCountFlag('2.5')).toThrow(/--count/);
  });
});
