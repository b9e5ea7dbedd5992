import { expect, it } from 'vitest';
import { CHECKPOINT_ROLES, isCheckpointRole, parseCheckpointRole } from './checkpoint-role';

it('lists the roles and recognises them', () => {
  expect(CHECKPOINT_ROLES).toEqual(['INIT', 'LOW', 'HIGH', 'MERGED']);
  expect(isCheckpointRole('MERGED')).toBe(true);
  expect(isCheckpointRole('merged')).toBe(false);
});

it('parses a role in any case', () => {
  expect(['init', 'low', 'high', 'merged'].map(parseCheckpointRole)).toEqual(['INIT', 'LOW', 'HIGH', 'MERGED']);
  expect(parseCheckpointRole('Merged')).toBe('MERGED');
  expect(parseCheckpointRole('HIGH')).toBe('HIGH');
  for (const bad of ['', 'middle', ' low', 'constructor', 'ınıt']) expect(parseCheckpointRole(bad), bad).toBeUndefined();
});
