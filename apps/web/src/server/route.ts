import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { ApiErrorBody } from '../lib/api-types';
import { HttpError, type ApiIssue } from './http-error';

type Source = 'params' | 'query';

interface RouteSchemas<P extends z.ZodType, Q extends z.ZodType> {
  params?: P;
  query?: Q;
}

interface RouteInput<P, Q> {
  params: P;
  query: Q;
  request: NextRequest;
}

interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

/** Query parameters as an object; a key given twice becomes an array so the schema rejects it. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

// Without a schema nothing is accepted: an unexpected query parameter is an error, not ignored.
const NOTHING = z.strictObject({});

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, source: Source): z.infer<T> {
  const result = (schema ?? NOTHING).safeParse(value);
  if (result.success) return result.data as z.infer<T>;
  const issues: ApiIssue[] = result.error.issues.flatMap((issue) => {
    // Unknown keys are reported by name, one issue each, so the message names the parameter.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: `${source}.${key}`, message: 'unknown parameter' }));
    return [{ path: [source, ...issue.path.map(String)].join('.'), message: issue.message }];
  });
  const label = source === 'params' ? 'path parameter' : 'query parameter';
  const first = issues[0]!;
  throw new HttpError(400, `invalid ${label} '${first.path.slice(source.length + 1)}': ${first.message}`, issues);
}

function errorResponse(err: unknown): NextResponse<ApiErrorBody> {
  if (err instanceof HttpError) {
    const issues = err.issues ? [...err.issues] : undefined;
    return NextResponse.json({ error: { message: err.message, ...(issues && { issues }) } }, { status: err.status });
  }
  // Unexpected: log the details on the server, tell the client nothing about the internals.
  console.error('[api] unexpected error', err);
  return NextResponse.json({ error: { message: 'internal server error; see the server log' } }, { status: 500 });
}

/**
 * Wraps a route handler: validates path params and the query string with Zod, serialises the
 * result as JSON, and maps errors to `{ error: { message, issues? } }` with a status code
 * (400 bad input, 404 unknown resource, 500 anything else, never with a stack trace).
 */
export function withRoute<P extends z.ZodType = z.ZodType<Record<string, never>>, Q extends z.ZodType = z.ZodType<Record<string, never>>>(
  schemas: RouteSchemas<P, Q>,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: RouteContext): Promise<NextResponse> => {
    try {
      const params = parse(schemas.params, (await context.params) ?? {}, 'params');
      const query = parse(schemas.query, queryObject(request.nextUrl), 'query');
      const result = await handler({ params, query, request });
      // A handler that already built its response (e.g. a cached JSON string) passes it through.
      return result instanceof NextResponse ? result : NextResponse.json(result);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
