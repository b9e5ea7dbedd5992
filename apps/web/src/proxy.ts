import { NextResponse, type NextRequest } from 'next/server';
import { accessMode } from './env';
import { authorize, refuse, type Refusal } from './server/access';
import { requiredAccess } from './server/api-routes';
import { errorResponse } from './server/error-response';
import { identify, IDENTITY_HEADER } from './server/identity';

// Every request, page or API, goes through the access check first (server/access.ts): the
// request's own facts, then who is asking against what the route needs (server/api-routes.ts).
export async function proxy(request: NextRequest): Promise<NextResponse> {
  try {
    const mode = accessMode();
    const refusal = refuse({ method: request.method, header: (name) => request.headers.get(name) }, mode);
    if (refusal) return refused(refusal);
    const path = request.nextUrl.pathname;
    const caller = await identify(request.headers, mode);
    const denied = authorize(caller, requiredAccess(request.method, path));
    if (denied) {
      // A person opening a page is sent to sign in, and back here afterwards.
      if (denied.status === 401 && !path.startsWith('/api/')) {
        const signIn = new URL('/sign-in', mode.mode === 'server' ? mode.publicUrl : request.url);
        signIn.searchParams.set('next', path + request.nextUrl.search);
        return NextResponse.redirect(signIn, 303);
      }
      return refused(denied);
    }
    const headers = new Headers(request.headers);
    headers.delete(IDENTITY_HEADER); // only the proxy says who is asking
    if (typeof caller !== 'string') headers.set(IDENTITY_HEADER, JSON.stringify(caller));
    return NextResponse.next({ request: { headers } });
  } catch (err) {
    return errorResponse(err);
  }
}

function refused(refusal: Refusal): NextResponse {
  const headers: Record<string, string> = refusal.allow ? { Allow: refusal.allow } : {};
  if (refusal.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="frontier"';
  return NextResponse.json({ error: { message: refusal.message } }, { status: refusal.status, headers });
}

export const config = {
  // Not the build's static files: they hold nothing to protect and are requested by the hundred.
  // Not the routes with a streamed body (api-routes.ts `stream`): Next would read their whole body
  // into memory for the proxy, cut at 10 MB; they run this check themselves (server/stream-access.ts).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg|api/imports).*)'],
};
