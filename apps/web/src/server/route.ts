import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { errorResponse } from './error-response';
import { HttpError, type ApiIssue } from './http-error';

type Source = 'params' | 'query' | 'body';

interface RouteSchemas<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: P;
  query?: Q;
  /** A JSON request body (POST): without this schema the body is not read. */
  body?: B;
}

interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  /** The parsed JSON body; undefined unless the route declares a body schema. */
  body: B;
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
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: `${source}.${key}`, message: source === 'body' ? 'unknown field' : 'unknown parameter' }));
    return [{ path: [source, ...issue.path.map(String)].join('.'), message: issue.message }];
  });
  const label = source === 'params' ? 'path parameter' : source === 'query' ? 'query parameter' : 'body field';
  const first = issues[0]!;
  const name = first.path.slice(source.length + 1);
  // A body that is not even an object has no field to name.
  if (name === '') throw new HttpError(400, `invalid request ${source}: ${first.message}`, issues);
  throw new HttpError(400, `invalid ${label} '${name}': ${first.message}`, issues);
}

/** The request's JSON body; another content type is a 415, an empty or malformed body a 400, each saying so. */
async function readJsonBody(request: NextRequest): Promise<unknown> {
  // Only application/json: a browser sends text/plain or a form across sites without asking first.
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, `send the request body as application/json (Content-Type was ${JSON.stringify(type || 'missing')})`);
  const text = await request.text();
  if (text.trim() === '') throw new HttpError(400, 'the request body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `the request body is not valid JSON: ${(err as Error).message}`);
  }
}


/**
 * Wraps a route handler: validates path params, the query string and (when the route declares a
 * body schema) the JSON body with Zod, serialises the result as JSON, and maps errors to
 * `{ error: { message, issues? } }` with a status code (400 bad input, 404 unknown resource,
 * 503 database unavailable, 500 anything else, never with a stack trace).
 */
export function withRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
>(schemas: RouteSchemas<P, Q, B>, handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>) {
  return async (request: NextRequest, context: RouteContext): Promise<NextResponse> => {
    try {
      const params = parse(schemas.params, (await context.params) ?? {}, 'params');
      const query = parse(schemas.query, queryObject(request.nextUrl), 'query');
      const body = schemas.body ? parse(schemas.body, await readJsonBody(request), 'body') : (undefined as z.infer<B>);
      const result = await handler({ params, query, body, request });
      // A handler that already built its response (e.g. a cached JSON string) passes it through.
      return result instanceof NextResponse ? result : NextResponse.json(result);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
