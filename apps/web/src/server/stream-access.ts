import 'server-only';
import type { NextRequest } from 'next/server';
import { accessMode } from '../env';
import { authorize, refuse } from './access';
import type { ApiRoute } from './api-routes';
import { HttpError } from './http-error';
import { identify, type Identity } from './identity';

/**
 * The proxy's access check (src/proxy.ts), run by the route itself for a route whose body is a
 * stream (POST /api/imports). Such routes are left out of the proxy's matcher because Next reads
 * the whole body of every request its proxy sees into memory first, and cuts it at 10 MB
 * (`proxyClientMaxBodySize`). Without the proxy, the identity header is not trusted either: the
 * caller is identified here, from the request's own credentials.
 */
export async function streamRouteCaller(request: NextRequest, route: ApiRoute): Promise<Identity | undefined> {
  const mode = accessMode();
  const refusal = refuse({ method: request.method, header: (name) => request.headers.get(name) }, mode);
  const caller = refusal ? undefined : await identify(request.headers, mode);
  const denied = refusal ?? authorize(caller!, route.access);
  if (denied) throw new HttpError(denied.status, denied.message, undefined, denied.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="frontier"' } : undefined);
  return typeof caller === 'string' ? undefined : caller;
}
