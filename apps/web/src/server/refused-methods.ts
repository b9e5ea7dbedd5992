import 'server-only';
import { NextResponse } from 'next/server';
import { methodRefusal, refusalHeaders } from './access';

// The HTTP methods Next routes that the API never answers. Without these, Next answers them with
// a bare 405 and no Allow header; every API route file re-exports them, so that the answer is the
// API's own (a message and Allow), as the access check gives it.
function refused(request: Request): NextResponse {
  const refusal = methodRefusal(request.method)!;
  return NextResponse.json(
    { error: { message: refusal.message } },
    { status: refusal.status, headers: refusalHeaders(refusal) },
  );
}

export const PUT = refused;
export const PATCH = refused;
