import { NextResponse } from 'next/server';
import { isDatabaseUnavailable, LimitReachedError } from '@frontier/db';
import { DiskFullError, isOutOfSpace } from '@frontier/disk';
import type { ApiErrorBody } from '../lib/api/api-error';
import { HttpError } from './http-error';

/**
 * An API error as the client sees it: an HttpError's status and message; 429 with Retry-After
 * over a limit held in the database; 503 with Retry-After while the database is away (a restart
 * or failover: the pool reconnects by itself, so the client only has to retry); 507 on a full
 * disk, this server's or the database's, saying where and how much space (a person frees some,
 * then retries); 500 for anything else, with the details in the server log only.
 */
export function errorResponse(err: unknown): NextResponse<ApiErrorBody> {
  if (isDatabaseUnavailable(err)) {
    console.error(`[api] database unavailable: ${(err as Error).message}`);
    return NextResponse.json(
      {
        error: {
          message:
            'the database is unavailable right now (restarting or unreachable); this recovers by itself: retry in a few seconds',
        },
      },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  if (err instanceof LimitReachedError) {
    return NextResponse.json(
      { error: { message: err.message } },
      { status: 429, headers: { 'Retry-After': String(err.retryAfterSeconds) } },
    );
  }
  if (err instanceof HttpError) {
    const issues = err.issues ? [...err.issues] : undefined;
    return NextResponse.json(
      { error: { message: err.message, ...(issues && { issues }) } },
      { status: err.status, headers: err.headers },
    );
  }
  if (isOutOfSpace(err)) return diskFull(err as Error);
  // Unexpected: log the details on the server, tell the client nothing about the internals.
  console.error('[api] unexpected error', err);
  return NextResponse.json({ error: { message: 'internal server error; see the server log' } }, { status: 500 });
}

// Connection: close, as with a 413: a spool that filled the disk stopped reading the body.
function diskFull(err: Error): NextResponse<ApiErrorBody> {
  const disk = (err as { code?: unknown }).code === '53100' ? "the database server's disk" : "the server's disk";
  const message =
    err instanceof DiskFullError ? err.message : `no space left on ${disk} (${err.message}); free some space and retry`;
  console.error(`[api] ${message}`);
  return NextResponse.json({ error: { message } }, { status: 507, headers: { Connection: 'close' } });
}
