import { NextResponse } from 'next/server';
import { isDatabaseUnavailable, LimitReachedError } from '@frontier/db';
import type { ApiErrorBody } from '../lib/api-types';
import { HttpError } from './http-error';

/**
 * An API error as the client sees it: an HttpError's status and message; 429 with Retry-After
 * over a limit held in the database; 503 with Retry-After while the database is away (a restart
 * or failover: the pool reconnects by itself, so the client only has to retry); 500 for anything
 * else, with the details in the server log only.
 */
export function errorResponse(err: unknown): NextResponse<ApiErrorBody> {
  if (isDatabaseUnavailable(err)) {
    console.error(`[api] database unavailable: ${(err as Error).message}`);
    return NextResponse.json(
      { error: { message: 'the database is unavailable right now (restarting or unreachable); this recovers by itself: retry in a few seconds' } },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  if (err instanceof LimitReachedError) {
    return NextResponse.json({ error: { message: err.message } }, { status: 429, headers: { 'Retry-After': String(err.retryAfterSeconds) } });
  }
  if (err instanceof HttpError) {
    const issues = err.issues ? [...err.issues] : undefined;
    return NextResponse.json({ error: { message: err.message, ...(issues && { issues }) } }, { status: err.status, headers: err.headers });
  }
  // Unexpected: log the details on the server, tell the client nothing about the internals.
  console.error('[api] unexpected error', err);
  return NextResponse.json({ error: { message: 'internal server error; see the server log' } }, { status: 500 });
}
