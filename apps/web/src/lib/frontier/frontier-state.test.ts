import { describe, expect, it } from 'vitest';
import { frontierSearch, parseFrontierState } from './frontier-state';

describe('frontier view state in the URL', () => {
  it('round-trips', () => {
    const state = { alpha: -0.3, k: 5, log: true };
    const search = frontierSearch({ difficulty: 'hard' }, state);
    expect(search).toBe('?difficulty=hard&alpha=-0.3&k=5&log=1');
    expect(parseFrontierState(new URLSearchParams(search))).toEqual(state);
  });
  it('leaves defaults out and ignores junk', () => {
    expect(frontierSearch({}, { k: 1, log: false })).toBe('');
    expect(parseFrontierState({ alpha: 'abc', k: '0', log: 'yes' })).toEqual({ k: 1, log: false });
    expect(parseFrontierState({ alpha: '', k: '2.5' })).toEqual({ k: 1, log: false });
    expect(parseFrontierState({ alpha: ['0.5', '1'] })).toEqual({ alpha: 0.5, k: 1, log: false });
  });
  it('carries the suggestion panel; a bad count or range falls back, a range alone opens nothing', () => {
    const state = { alpha: 0.5, k: 2, log: false, suggest: { count: 5, range: [-1.5, 2.5] as [number, number] } };
    const search = frontierSearch({ setting: 'tool use' }, state);
    expect(search).toBe('?setting=tool+use&alpha=0.5&k=2&suggest=5&range=-1.5%2C2.5');
    expect(parseFrontierState(new URLSearchParams(search))).toEqual(state);
    expect(parseFrontierState({ suggest: '99', range: '3,1' })).toEqual({ k: 1, log: false, suggest: { count: 3 } });
    expect(parseFrontierState({ suggest: ['2', '7'], range: '0,1' })).toEqual({
      k: 1,
      log: false,
      suggest: { count: 2, range: [0, 1] },
    });
    expect(parseFrontierState({ range: '0,1' })).toEqual({ k: 1, log: false });
  });
  it('carries the interval display; bars (the default) and junk leave no trace', () => {
    const state = { alpha: 1, k: 1, log: true, intervals: 'ellipses' as const };
    const search = frontierSearch({}, state);
    expect(search).toBe('?alpha=1&log=1&ci=ellipses');
    expect(parseFrontierState(new URLSearchParams(search))).toEqual(state);
    expect(parseFrontierState({ ci: 'none' })).toEqual({ k: 1, log: false, intervals: 'none' });
    expect(frontierSearch({}, { k: 1, log: false, intervals: 'bars' })).toBe('');
    expect(parseFrontierState({ ci: 'bars' })).toEqual({ k: 1, log: false });
    expect(parseFrontierState({ ci: 'Ellipses' })).toEqual({ k: 1, log: false });
  });
  it('carries the length panel, its unit and the point size; junk leaves no trace', () => {
    const state = { k: 1, log: false, panel: 'classes' as const, tokens: true, sizeByLength: true };
    const search = frontierSearch({}, state);
    expect(search).toBe('?panel=classes&unit=tokens&size=length');
    expect(parseFrontierState(new URLSearchParams(search))).toEqual(state);
    expect(parseFrontierState({ panel: 'length' })).toEqual({ k: 1, log: false, panel: 'length' });
    expect(parseFrontierState({ panel: 'solve', unit: 'bytes', size: 'big' })).toEqual({ k: 1, log: false });
  });
  it('writes float alphas without binary noise', () => {
    expect(frontierSearch({}, { alpha: 0.1 + 0.2, k: 1, log: false })).toBe('?alpha=0.3');
  });
});
