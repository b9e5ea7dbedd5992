import 'server-only';
import { cachedTokenIdentifier, type TokenIdentifier } from '@frontier/db';
import { isRole, type Role } from '@frontier/core';
import { headers as requestHeaders } from 'next/headers';
import type { AccessMode } from '@frontier/config';
import type { Caller } from '../lib/auth/caller';
import { getAuth } from './auth';
import { getAccessDb } from './db';
import { processOnce } from './process-once';

/** Who a request comes from, as the access check found it. */
export interface Identity {
  /** NULL for local mode's owner. */
  userId: string | null;
  email: string | null;
  role: Role;
  via: 'local' | 'session' | 'token';
}

const tokens: () => Promise<TokenIdentifier> = processOnce('frontierTokens', async () =>
  cachedTokenIdentifier(await getAccessDb()),
);

const LOCAL_OWNER: Identity = { userId: null, email: null, role: 'admin', via: 'local' };

/**
 * The caller of a request: local mode's owner; in server mode the user of a Bearer token or of
 * the session cookie; 'bad-token' for an Authorization header that names no live token.
 */
export async function identify(headers: Headers, mode: AccessMode): Promise<Identity | 'anonymous' | 'bad-token'> {
  if (mode.mode === 'local') return LOCAL_OWNER;
  const authorization = headers.get('authorization');
  if (authorization !== null) {
    const [scheme, token] = authorization.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'bearer' || !token) return 'bad-token';
    const found = await (await tokens()).identify(token);
    return found ? { userId: found.userId, email: found.email, role: found.role, via: 'token' } : 'bad-token';
  }
  // Without a session cookie there is nothing to look up (Better Auth's cookie names share this prefix).
  if (!headers.get('cookie')?.includes('better-auth.session_token')) return 'anonymous';
  const session = await (await getAuth()).api.getSession({ headers });
  if (!session) return 'anonymous';
  const role = String((session.user as { role?: unknown }).role ?? '');
  return { userId: session.user.id, email: session.user.email, role: isRole(role) ? role : 'viewer', via: 'session' };
}

// The proxy hands the identity to pages in this request header, after deleting any the client
// sent: only the proxy can set it. API routes identify the caller themselves (server/route.ts).
export const IDENTITY_HEADER = 'x-frontier-identity';

export function identityFromHeader(value: string | null): Identity | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(value) as Identity;
  } catch {
    return undefined;
  }
}

/** Who is asking, from the header the proxy set (server components only). */
export async function requestIdentity(): Promise<Identity | undefined> {
  return identityFromHeader((await requestHeaders()).get(IDENTITY_HEADER));
}

/** The caller as pages see it. */
export function callerOf(identity: Identity | undefined, mode: AccessMode['mode']): Caller {
  return { mode, email: identity?.email ?? null, role: identity?.role ?? null };
}
