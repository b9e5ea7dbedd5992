import { embedFrameAncestors } from '@frontier/config';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from './env';
import { contentSecurityPolicy, EMBED_PATH } from './lib/csp-policy';
import { EMBED_HEADER } from './lib/share/embed';
import { refusalHeaders } from './server/access';
import { requiredAccess } from './server/api-routes';
import { checkAccess } from './server/check-access';
import { errorResponse } from './server/error-response';
import { IDENTITY_HEADER } from './server/identity';

// Every page goes through the access check first (server/check-access.ts): the request's own
// facts, then who is asking against what it needs (server/api-routes.ts). API routes run the same
// check themselves (withRoute in server/route.ts), except Better Auth's, which come through here.
export async function proxy(request: NextRequest): Promise<NextResponse> {
  try {
    const malformed = malformedEscape(request.nextUrl.pathname);
    if (malformed) return badPath(request, malformed);
    const path = request.nextUrl.pathname;
    // An API route with a well-formed escape checks access itself (withRoute), as any other.
    if (path.startsWith('/api/') && !path.startsWith('/api/auth/')) return NextResponse.next();
    const { mode, refusal, caller } = await checkAccess(request, requiredAccess(request.method, path));
    if (refusal) {
      // A person opening a page is sent to sign in, and back here afterwards.
      if (refusal.status === 401 && !path.startsWith('/api/')) {
        const signIn = new URL('/sign-in', mode.mode === 'server' ? mode.publicUrl : request.url);
        signIn.searchParams.set('next', path + request.nextUrl.search);
        return NextResponse.redirect(signIn, 303);
      }
      return NextResponse.json(
        { error: { message: refusal.message } },
        { status: refusal.status, headers: refusalHeaders(refusal) },
      );
    }
    const headers = new Headers(request.headers);
    headers.delete(IDENTITY_HEADER); // only the proxy says who is asking
    if (caller) headers.set(IDENTITY_HEADER, JSON.stringify(caller));
    headers.delete(EMBED_HEADER);
    if (!EMBED_PATH.test(path)) return NextResponse.next({ request: { headers } });
    // A share's embed: the layout leaves the site's chrome out, and other sites may frame it.
    headers.set(EMBED_HEADER, '1');
    const response = NextResponse.next({ request: { headers } });
    response.headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        dev: process.env.NODE_ENV === 'development',
        frameAncestors: embedFrameAncestors(env().FRONTIER_EMBED_ORIGINS),
      }),
    );
    return response;
  } catch (err) {
    return errorResponse(err);
  }
}

/** The first percent-escape of `path` that does not decode (e.g. `%ff`, not UTF-8; `%zz`), if any. */
export function malformedEscape(path: string): string | undefined {
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return /%(?![0-9a-f]{2})..?|(%[0-9a-f]{2})+/i.exec(segment)?.[0] ?? segment;
    }
  }
  return undefined;
}

/**
 * A path Next cannot decode would end in its own plain-text 500, unlogged and without this app's
 * headers: a 400 that says what is wrong, with the headers every response carries, and a log line.
 */
function badPath(request: NextRequest, escape: string): NextResponse {
  console.warn(`[web] 400 ${request.method} ${request.nextUrl.pathname}: malformed percent-escape ${escape}`);
  return NextResponse.json(
    {
      error: {
        message: `the path has a malformed percent-escape (${escape}): escapes must be % and two hex digits forming UTF-8; check the link`,
      },
    },
    {
      status: 400,
      headers: {
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'same-origin',
        'X-Frame-Options': 'DENY',
        'Content-Security-Policy': contentSecurityPolicy({ dev: false, frameAncestors: "'none'" }),
        'Cache-Control': 'no-store',
      },
    },
  );
}

export const config = {
  // Not the build's static files: they hold nothing to protect and are requested by the hundred.
  // Not the API routes but /api/auth/*: each runs the check itself (withRoute), which also spares
  // a streamed body (an import) being read whole into memory for the proxy, cut at 10 MB.
  // API paths with a percent-escape come here too, to be refused if it is malformed (badPath).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg|api/(?!auth/)).*)', '/api/(.*%.*)'],
};
