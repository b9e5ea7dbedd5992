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

  it('keeps a word longer than the line on a line of its own, and markup untouched', () => {
    expect(wrapTitle('a Optimization-failure b', 8, chars)).toBe('a<br>Optimization-failure<br>b');
    expect(wrapTitle('pass@k <i>mean</i> over problems', 5, chars)).toBe('pass@k <i>mean</i> over problems');
  });
});
