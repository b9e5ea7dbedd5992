import 'server-only';
import type { Access } from '@frontier/core';
import type { AccessMode } from '@frontier/config';
import type { NextRequest } from 'next/server';
import { accessMode } from '../env';
import { authorize, refuse, type Refusal } from './access';
import { identify, type Identity } from './identity';

/**
 * The access check of one request: its own facts (method, Host, origin), then who is asking
 * against what it needs. Run by the proxy for every page (and Better Auth's routes), and by every
 * other API route itself (withRoute in server/route.ts: see proxy.ts's matcher).
 */
export async function checkAccess(
  request: NextRequest,
  access: Access,
): Promise<{ mode: AccessMode; refusal?: Refusal; caller?: Identity }> {
  const mode = accessMode();
  const refusal = refuse({ method: request.method, header: (name) => request.headers.get(name) }, mode);
  if (refusal) return { mode, refusal };
  const caller = await identify(request.headers, mode);
  const denied = authorize(caller, access);
  if (denied) return { mode, refusal: denied };
  return { mode, caller: typeof caller === 'string' ? undefined : caller };
}
