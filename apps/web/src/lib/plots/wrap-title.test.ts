import { describe, expect, it } from 'vitest';
import { wrapTitle } from './wrap-title';

// One unit per character: the widths are easy to read.
const chars = (s: string) => s.length;

describe('wrapTitle', () => {
  it('leaves a title that fits as it is', () => {
    expect(wrapTitle('alpha', 5, chars)).toBe('alpha');
  });

  it('breaks a long title at spaces into lines that fit', () => {
    const wrapped = wrapTitle('Optimization-failure rate (TLE, MLE)', 26, chars);
    expect(wrapped).toBe('Optimization-failure rate<br>(TLE, MLE)');
    for (const line of wrapped.split('<br>')) expect(line.length).toBeLessThanOrEqual(26);
    expect(wrapTitle('alpha (shaded: between the trained endpoints)', 20, chars)).toBe(
      'alpha (shaded:<br>between the trained<br>endpoints)',
    );
  });

  it('breaks after a hyphen when a word is longer than the line', () => {
    expect(wrapTitle('Optimization-failure rate (TLE, MLE)', 14, chars)).toBe(
      'Optimization-<br>failure rate<br>(TLE, MLE)',
    );
    expect(wrapTitle('Correctness-failure rate', 40, chars)).toBe('Correctness-failure rate');
  });

  it('keeps a piece longer than the line on a line of its own, and markup untouched', () => {
    expect(wrapTitle('a Optimization b', 8, chars)).toBe('a<br>Optimization<br>b');
    expect(wrapTitle('pass@k <i>mean</i> over problems', 5, chars)).toBe('pass@k <i>mean</i> over problems');
  });
});
