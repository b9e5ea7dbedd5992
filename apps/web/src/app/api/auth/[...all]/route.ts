import { toNextJsHandler } from 'better-auth/next-js';
import { NextResponse, type NextRequest } from 'next/server';
import { accessMode } from '@/env';
import { getAuth } from '@/server/auth';

// /api/auth/* - Better Auth's own endpoints (sign-in, sign-out, session), server mode only.
async function handle(request: NextRequest): Promise<Response> {
  if (accessMode().mode !== 'server') {
    return NextResponse.json(
      { error: { message: "local mode has no sign-in: this machine's user owns the app" } },
      { status: 404 },
    );
  }
  const handler = toNextJsHandler(await getAuth());
  return request.method === 'GET' ? handler.GET(request) : handler.POST(request);
}

export const GET = handle;
export const POST = handle;
