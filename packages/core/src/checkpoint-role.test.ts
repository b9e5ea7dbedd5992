import { expect, it } from 'vitest';
import { CHECKPOINT_ROLES, isCheckpointRole } from './checkpoint-role';

it('lists the roles and recognises them', () => {
  expect(CHECKPOINT_ROLES).toEqual(['INIT', 'LOW', 'HIGH', 'MERGED']);
  expect(isCheckpointRole('MERGED')).toBe(true);
  expect(isCheckpointRole('merged')).toBe(false);
});
