import { describe, expect, it } from 'vitest';
import { failureClassOf } from './failure-class';
import { VERDICTS } from './verdict';

describe('failureClassOf', () => {
  it('uses the default mapping', () => {
    expect(Object.fromEntries(VERDICTS.map((v) => [v, failureClassOf(v)]))).toEqual({
      AC: 'SOLVED',
      WA: 'CORRECTNESS',
      TLE: 'OPTIMIZATION',
      MLE: 'OPTIMIZATION',
      RE: 'CORRECTNESS',
      CE: 'CORRECTNESS',
      OLE: 'CORRECTNESS',
      IE: 'INTERNAL',
    });
  });

  it('applies overrides and falls back to the default for the rest', () => {
    const mapping = { RE: 'OPTIMIZATION', TLE: 'CORRECTNESS' } as const;
    expect(failureClassOf('RE', mapping)).toBe('OPTIMIZATION');
    expect(failureClassOf('TLE', mapping)).toBe('CORRECTNESS');
    expect(failureClassOf('WA', mapping)).toBe('CORRECTNESS');
    expect(failureClassOf('MLE', mapping)).toBe('OPTIMIZATION');
  });

  it('rejects unknown verdicts', () => {
    expect(() => failureClassOf('XX' as never)).toThrow(RangeError);
  });
});
