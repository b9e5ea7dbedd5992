import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, parseRole, roleAllows } from './roles';

describe('roles', () => {
  it('viewer reads and shares; editor also writes; admin does everything', () => {
    const allowed = (role: 'viewer' | 'editor' | 'admin') => ACCESS_LEVELS.filter((a) => roleAllows(role, a));
    expect(allowed('viewer')).toEqual(['public', 'read', 'share']);
    expect(allowed('editor')).toEqual(['public', 'read', 'share', 'write']);
    expect(allowed('admin')).toEqual(['public', 'read', 'share', 'write', 'admin']);
  });

  it('parses a role, naming the accepted values otherwise', () => {
    expect(parseRole(' Editor ')).toBe('editor');
    expect(() => parseRole('owner')).toThrow('unknown role "owner": use one of viewer, editor, admin');
  });
});
