import { describe, expect, it } from 'vitest';
import { nounFor, plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'test')).toBe('1 test');
    expect(plural(0, 'test')).toBe('0 tests');
    expect(plural(2, 'sample')).toBe('2 samples');
    expect(plural(-1, 'alpha')).toBe('-1 alphas');
    expect(plural(1.5, 'step')).toBe('1.5 steps');
  });
  it('takes an irregular plural', () => {
    expect(plural(1, 'study', 'studies')).toBe('1 study');
    expect(plural(4, 'study', 'studies')).toBe('4 studies');
    expect(nounFor(1, 'matrix', 'matrices')).toBe('matrix');
    expect(nounFor(2, 'matrix', 'matrices')).toBe('matrices');
  });
  it('groups thousands the same way everywhere', () => {
    expect(plural(1024, 'sample')).toBe('1,024 samples');
    expect(plural(1_000_000, 'program')).toBe('1,000,000 programs');
  });
});
