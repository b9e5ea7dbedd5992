import { NextResponse, type NextRequest } from 'next/server';
import { refuse } from './server/access';

// Every request, page or API, goes through the access check first (server/access.ts).
export function proxy(request: NextRequest): NextResponse {
  const refusal = refuse({ method: request.method, header: (name) => request.headers.get(name) });
  if (!refusal) return NextResponse.next();
  return NextResponse.json(
    { error: { message: refusal.message } },
    { status: refusal.status, headers: refusal.allow ? { Allow: refusal.allow } : undefined },
  );
}

export const config = {
  // Not the build's static files: they hold nothing to protect and are requested by the hundred.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
