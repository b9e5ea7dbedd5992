import { describe, expect, it } from 'vitest';
import { CHECKPOINT_ROLES, isEndpointRole, lineAlpha, parseCheckpointRole } from './checkpoint-role';

it('lists the roles in the Prisma enum order', () => {
  expect(CHECKPOINT_ROLES).toEqual(['INIT', 'LOW', 'HIGH', 'MERGED']);
});

it('parses a role in any case', () => {
  expect(['init', 'low', 'high', 'merged'].map(parseCheckpointRole)).toEqual(['INIT', 'LOW', 'HIGH', 'MERGED']);
  expect(parseCheckpointRole('Merged')).toBe('MERGED');
  expect(parseCheckpointRole('HIGH')).toBe('HIGH');
  for (const bad of ['', 'middle', ' low', 'constructor', 'ınıt'])
    expect(parseCheckpointRole(bad), bad).toBeUndefined();
});

describe('the alpha line', () => {
  it('knows the trained endpoints and where a checkpoint without a stored alpha sits', () => {
    expect(CHECKPOINT_ROLES.filter(isEndpointRole)).toEqual(['LOW', 'HIGH']);
    expect(lineAlpha('LOW', null)).toBe(0);
    expect(lineAlpha('HIGH', null)).toBe(1);
    expect(lineAlpha('INIT', null)).toBeNull();
    expect(lineAlpha('MERGED', -0.5)).toBe(-0.5);
    expect(lineAlpha('HIGH', 1.5)).toBe(1.5);
  });
});
