import { describe, expect, it } from 'vitest';
import { VERDICTS, verdictCode, verdictFromCode } from './verdict';

describe('verdict codes', () => {
  it('are the stable database order', () => {
    expect(VERDICTS).toEqual(['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE']);
    expect(VERDICTS.map(verdictCode)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('round-trip', () => {
    for (const v of VERDICTS) expect(verdictFromCode(verdictCode(v))).toBe(v);
  });

  it('reject unknown codes and names', () => {
    for (const bad of [-1, 8, 1.5, Number.NaN]) expect(() => verdictFromCode(bad)).toThrow(RangeError);
    expect(() => verdictCode('XX' as never)).toThrow(RangeError);
  });
});
