import { describe, expect, it } from 'vitest';
import { datasetsForView, parseView } from './share';

const facets = { difficulties: ['easy', 'hard'], settings: ['reasoning', 'tools'], scales: ['7B'] };

describe('parseView', () => {
  it('accepts the study pages with their query', () => {
    const v = parseView('/studies/3?difficulty=hard&alpha=0.5', 3);
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect(v.subpath).toBe('');
      expect(v.filters).toEqual({ difficulty: 'hard' });
      expect(v.search.get('alpha')).toBe('0.5');
    }
    expect(parseView('/studies/3/matrix', 3)).toMatchObject({ ok: true, subpath: '/matrix' });
  });
  it('rejects other studies, other sites and odd paths', () => {
    for (const bad of [
      '/studies/4',
      '/studies/33',
      'https://evil.example/studies/3',
      '//evil.example/studies/3',
      '/studies/3/../4',
      '/studies/3#x',
      '/studies/3/jobs',
      'studies/3',
      '/studies/3?difficulty=',
      '/studies/3\\x',
    ]) {
      expect(parseView(bad, 3).ok, bad).toBe(false);
    }
  });
});

describe('datasetsForView', () => {
  it('reads one dataset per setting for the frontier, the pooled one first', () => {
    expect(datasetsForView('', { difficulty: 'hard' }, facets)).toEqual([
      { difficulty: 'hard' },
      { difficulty: 'hard', setting: 'reasoning' },
      { difficulty: 'hard', setting: 'tools' },
    ]);
    expect(datasetsForView('', { setting: 'tools' }, facets)).toEqual([{ setting: 'tools' }]);
    expect(datasetsForView('/matrix', {}, facets)).toEqual([{}]);
  });
});
