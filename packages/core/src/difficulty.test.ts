import { expect, it } from 'vitest';
import { DIFFICULTIES, compareDifficulties, isDifficulty } from './difficulty';

it('lists the difficulties easiest first and recognises them', () => {
  expect(DIFFICULTIES).toEqual(['easy', 'medium', 'hard']);
  expect(isDifficulty('medium')).toBe(true);
  expect(isDifficulty('Medium')).toBe(false);
  expect(isDifficulty(1)).toBe(false);
});

it('sorts known difficulties in their natural order, unknown ones after them alphabetically', () => {
  expect(['hard', 'expert', 'easy', 'beginner', 'medium'].sort(compareDifficulties)).toEqual([
    'easy',
    'medium',
    'hard',
    'beginner',
    'expert',
  ]);
  expect(compareDifficulties('easy', 'easy')).toBe(0);
  expect(compareDifficulties('hard', 'zzz')).toBeLessThan(0);
});
