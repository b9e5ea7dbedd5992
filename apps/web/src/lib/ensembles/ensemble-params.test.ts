import { describe, expect, it } from 'vitest';
import { ensembleSearch, parseEnsembleParams } from './ensemble-params';
import type { StudyDataCheckpoint } from '@frontier/core';

const cps: StudyDataCheckpoint[] = [
  { id: 5, name: 'm', role: 'MERGED', alpha: -0.5, scale: '' },
  { id: 1, name: 'lo', role: 'LOW', alpha: 0, scale: '' },
  { id: 2, name: 'hi', role: 'HIGH', alpha: 1, scale: '' },
];

describe('ensemble params', () => {
  it('defaults to the endpoints, uniform, default budget', () => {
    expect(parseEnsembleParams(new URLSearchParams(''), cps)).toEqual({
      selected: [1, 2],
      budget: undefined,
      alloc: 'uniform',
      problems: [],
      defaultedSelection: true,
    });
  });
  it('reads c, budget and alloc, reporting what it cannot read', () => {
    expect(parseEnsembleParams(new URLSearchParams('c=5,2,5&budget=100&alloc=optimised'), cps)).toMatchObject({
      selected: [5, 2],
      budget: 100,
      alloc: 'optimised',
      problems: [],
    });
    const bad = parseEnsembleParams(new URLSearchParams('c=x,2&budget=-3&alloc=best'), cps);
    expect(bad).toMatchObject({ selected: [2], budget: undefined, alloc: 'uniform' });
    expect(bad.problems).toHaveLength(3);
  });
  it('round-trips through the query string, keeping filters', () => {
    const s = ensembleSearch(new URLSearchParams('difficulty=hard'), {
      selected: [5, 2],
      budget: 64,
      alloc: 'optimised',
    });
    expect(s).toBe('?difficulty=hard&c=5,2&budget=64&alloc=optimised');
    expect(parseEnsembleParams(new URLSearchParams(s), cps)).toMatchObject({
      selected: [5, 2],
      budget: 64,
      alloc: 'optimised',
    });
  });
});
