// Who may do what on a team server. Local mode has one person, the machine's owner, who may do
// everything; server mode gives each account one of these roles.

export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route needs. `public`: anyone, signed in or not (health, share links, the API
 * document); `read`: any account; `share`: make or delete one's own share links; `write`: evaluate,
 * import, cancel; `admin`: manage accounts and every share.
 */
export const ACCESS_LEVELS = ['public', 'read', 'share', 'write', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const LEAST_ROLE: Record<Exclude<Access, 'public'>, Role> = {
  read: 'viewer',
  share: 'viewer',
  write: 'editor',
  admin: 'admin',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A role from user input, or an error naming the accepted values. */
export function parseRole(value: string): Role {
  const v = value.trim().toLowerCase();
  if (!isRole(v)) throw new Error(`unknown role ${JSON.stringify(value)}: use one of ${ROLES.join(', ')}`);
  return v;
}

/** Whether `role` may use a route that needs `access`. */
export function roleAllows(role: Role, access: Access): boolean {
  if (access === 'public') return true;
  return ROLES.indexOf(role) >= ROLES.indexOf(LEAST_ROLE[access]);
}
