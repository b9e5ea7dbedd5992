import { expect, it } from 'vitest';
import { checkpointName } from './checkpoint-name';

it('names a checkpoint by its alpha, after the scale when there is one', () => {
  expect(checkpointName(0.25)).toBe('alpha=0.25');
  expect(checkpointName(-0.5, '7B')).toBe('7B alpha=-0.5');
  expect(checkpointName(1, 'toy')).toBe('toy alpha=1');
});

it('treats a blank scale as none', () => {
  expect(checkpointName(0, '')).toBe('alpha=0');
  expect(checkpointName(0, '  ')).toBe('alpha=0');
});
