import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { consumeWrite } from '@frontier/db';
import { env } from '../env';
import { formatBytes } from '../lib/format';
import type { ApiRoute } from './api-routes';
import { getDb } from './db';
import { errorResponse } from './error-response';
import { HttpError, type ApiIssue } from './http-error';
import type { Identity } from './identity';
import { refusalHeaders } from './access';
import { checkAccess } from './check-access';
import { declaredLength } from './content-length';
import { Reply } from './reply';

type Source = 'params' | 'query' | 'body';

type Parsed<T> = T extends z.ZodType ? z.infer<T> : undefined;

interface RouteInput<R extends ApiRoute> {
  params: R['params'] extends z.ZodType ? z.infer<R['params']> : Record<string, never>;
  query: R['query'] extends z.ZodType ? z.infer<R['query']> : Record<string, never>;
  /** The parsed JSON body; undefined unless the route declares a body schema. */
  body: Parsed<R['body']>;
  /** Who is asking, as the access check (proxy.ts) found them. */
  caller: Identity;
  request: NextRequest;
}

/** The success body a route declares (`response` in api-routes.ts). */
export type ResponseBody<R extends ApiRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : never;

/**
 * What a handler may return: its route's body (sent as JSON with 200) or a Reply of it (another
 * status, or bytes serialised ahead of time); for a download route, the NextResponse it built.
 */
type HandlerResult<R extends ApiRoute> = R['produces'] extends readonly string[]
  ? NextResponse
  : ResponseBody<R> | Reply<ResponseBody<R>>;

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
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        path: `${source}.${key}`,
        message: source === 'body' ? 'unknown field' : 'unknown parameter',
      }));
    return [{ path: [source, ...issue.path.map(String)].join('.'), message: issue.message }];
  });
  const label = source === 'params' ? 'path parameter' : source === 'query' ? 'query parameter' : 'body field';
  const first = issues[0]!;
  const name = first.path.slice(source.length + 1);
  // A body that is not even an object has no field to name.
  if (name === '') throw new HttpError(400, `invalid request ${source}: ${first.message}`, issues);
  throw new HttpError(400, `invalid ${label} '${name}': ${first.message}`, issues);
}

/** A 413 for a JSON body past the limit (Connection: close: the client may still be sending). */
function jsonTooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    `the request body is larger than this server's limit for JSON of ${formatBytes(maxBytes)} (FRONTIER_JSON_MAX_BYTES=${maxBytes}); send less`,
    undefined,
    { Connection: 'close' },
  );
}

/**
 * The request's JSON body; another content type is a 415, a body past FRONTIER_JSON_MAX_BYTES a
 * 413 (announced: before reading; else as soon as the count passes it, never buffering more), an
 * empty or malformed body a 400, each saying so.
 */
async function readJsonBody(request: NextRequest): Promise<unknown> {
  // Only application/json: a browser sends text/plain or a form across sites without asking first.
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new HttpError(
      415,
      `send the request body as application/json (Content-Type was ${JSON.stringify(type || 'missing')})`,
    );
  const maxBytes = env().FRONTIER_JSON_MAX_BYTES;
  if ((declaredLength(request.headers.get('content-length')) ?? 0) > maxBytes) throw jsonTooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (request.body) {
    // Not cancelled past the limit: in Node that destroys the socket, and the 413 with it.
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) throw jsonTooLarge(maxBytes);
      chunks.push(chunk.value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'the request body is not UTF-8 text; send a JSON object');
  }
  if (text.trim() === '') throw new HttpError(400, 'the request body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `the request body is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * Wraps a route handler declared in api-routes.ts: validates path params, the query string and
 * (when the route declares a body schema) the JSON body with Zod, serialises the result as JSON,
 * and maps errors to `{ error: { message, issues? } }` with a status code (400 bad input, 404
 * unknown resource, 503 database unavailable, 500 anything else, never with a stack trace). The
 * access check runs first (routeCaller); the handler learns who is asking from it.
 * The handler's result is typed by the route's response schema. It is not validated here, on
 * every request (the study data runs to megabytes): api-responses.int.test.ts calls every route
 * and checks each body against its schema.
 */
export function withRoute<R extends ApiRoute>(route: R, handler: (input: RouteInput<R>) => Promise<HandlerResult<R>>) {
  return async (request: NextRequest, context: RouteContext): Promise<NextResponse> => {
    try {
      const caller = await routeCaller(request, route);
      // checkAccess refuses first; this only guards the handlers' assumption.
      if (!caller && route.access !== 'public')
        throw new HttpError(401, 'sign in first, or send Authorization: Bearer <token>');
      // Writes count against their user's rate (server mode: local mode's owner has no account).
      if ((route.access === 'write' || route.access === 'share') && caller?.userId)
        await consumeWrite(await getDb(), caller.userId, env().FRONTIER_WRITES_PER_MINUTE);
      const params = parse(route.params, (await context.params) ?? {}, 'params');
      const query = parse(route.query, queryObject(request.nextUrl), 'query');
      const body = route.body ? parse(route.body, await readJsonBody(request), 'body') : undefined;
      const result: unknown = await handler({ params, query, body, caller: caller!, request } as RouteInput<R>);
      if (result instanceof Reply) return result.response;
      // A download the handler built (its route `produces` it) passes through.
      if (result instanceof NextResponse) return result;
      return NextResponse.json(result);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/**
 * The access check of an API route, run here rather than in the proxy (see proxy.ts's matcher):
 * Next's proxy step alone took about a third of a short read's time under load. Who is asking
 * comes from the request itself (session cookie, token, local mode); no header says it for them.
 */
async function routeCaller(request: NextRequest, route: ApiRoute): Promise<Identity | undefined> {
  const { refusal, caller } = await checkAccess(request, route.access);
  if (refusal) throw new HttpError(refusal.status, refusal.message, undefined, refusalHeaders(refusal));
  return caller;
}
