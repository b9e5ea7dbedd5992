import { roleAllows, type Access, type Role } from '@frontier/core';

/** Who the pages are showing to: the local owner, or a signed-in account on a team server. */
export interface Caller {
  mode: 'local' | 'server';
  /** null for the local owner, and for nobody (a share link opened signed out). */
  email: string | null;
  /** null when nobody is signed in. */
  role: Role | null;
}

/** Whether the caller may use what needs `access` (the API checks again; this only hides controls). */
export function callerCan(caller: Caller, access: Access): boolean {
  if (access === 'public') return true;
  return caller.role !== null && roleAllows(caller.role, access);
}
