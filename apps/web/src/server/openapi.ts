// The OpenAPI 3.1 document served at /api/openapi.json, generated from the route table
// (api-routes.ts) and the very Zod schemas the routes validate with and type their answers by, so
// it cannot drift from them. Input schemas with transforms are described by what they accept (a
// path id is a string of digits). Response schemas named with `.meta({ id })` (StudySummary,
// JobSummary, ...) become components, referred to wherever they appear.
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { ROLES, roleAllows, type Access } from '@frontier/core';
import { z } from 'zod';
import packageJson from '../../package.json';
import { apiErrorSchema } from '../lib/api/api-error';
import { API, type ApiRoute } from './api-routes';

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
} as const;

// Each error once, under components/responses; operations refer to the ones they can give.
const ERRORS = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: a path or query parameter (an unknown one too) or a body field; `issues` names each',
  },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, or an unknown or revoked token (server mode)',
    headers: { 'WWW-Authenticate': { description: 'Bearer realm="frontier"', schema: { type: 'string' } } },
  },
  403: {
    name: 'Forbidden',
    description:
      "The account's role does not allow this; or a request from a host name or site this server does not answer to",
  },
  404: {
    name: 'NotFound',
    description: 'A study, problem, checkpoint, job or share that the request names does not exist',
  },
  405: {
    name: 'MethodNotAllowed',
    description: 'The API does not answer this HTTP method',
    headers: { Allow: { description: 'The methods the API answers', schema: { type: 'string' } } },
  },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not of a media type this route accepts' },
  429: {
    name: 'TooManyRequests',
    description: 'Over a limit: writes per minute, alphas queued per study or share links per user',
    headers: retryAfter,
  },
  503: {
    name: 'DatabaseUnavailable',
    description: 'The database is unavailable (restarting or unreachable); this recovers by itself',
    headers: retryAfter,
  },
  507: {
    name: 'InsufficientStorage',
    description:
      "A disk filled during the write: the server's data directory (an upload's spool file) or the database server's. The message names the path and the space needed and free; nothing was kept, so free some space and retry",
  },
} as const;

type ErrorStatus = keyof typeof ERRORS;

const SUCCESS = { 200: 'OK', 201: 'Created', 202: 'Accepted: work was queued' } as const;

/** The least role that may use a route, e.g. 'editor' for a write. */
const leastRole = (access: Exclude<Access, 'public'>) => ROLES.find((role) => roleAllows(role, access))!;

function accessDescription(access: Access): string {
  if (access === 'public') return 'Public: no sign-in needed.';
  return `Needs the ${leastRole(access)} role (server mode: a session cookie or a Bearer token of an account with that role or a higher one). In local mode the machine's user may do everything.`;
}

/** The errors a route can give, from what its table entry declares. */
function errorsOf(route: ApiRoute): ErrorStatus[] {
  const takesBody = route.body !== undefined || route.stream !== undefined;
  const names = route.params !== undefined || route.query !== undefined || route.body !== undefined;
  return [
    // Every route checks its query string, so even one without inputs refuses unknown parameters.
    400,
    ...(route.access !== 'public' ? ([401, 403] as const) : []),
    // Ids in the path, query or body may name nothing.
    ...(names ? ([404] as const) : []),
    405,
    ...(takesBody ? ([413, 415] as const) : []),
    ...(route.access === 'write' || route.access === 'share' ? ([429] as const) : []),
    // The access check itself may need the database (a token or a session).
    503,
    ...(route.method !== 'GET' ? ([507] as const) : []),
  ];
}

/** Path and query schemas are Zod objects (one parameter per key); anything else is a table mistake. */
function objectSchema(schema: z.ZodType | undefined, where: string): z.ZodObject | undefined {
  if (schema === undefined) return undefined;
  if (!(schema instanceof z.ZodObject))
    throw new Error(`${where}: parameters must be a z.object so each key becomes a parameter`);
  return schema;
}

function requestBody(route: ApiRoute): NonNullable<RouteConfig['request']>['body'] {
  if (route.body) return { required: true, content: { 'application/json': { schema: route.body } } };
  if (route.stream)
    return {
      required: true,
      content: Object.fromEntries(route.stream.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  return undefined;
}

const binary = { schema: { type: 'string' as const, format: 'binary' } };

/** A success body: JSON of the route's response schema (gzipped too, where asked), or a download. */
function successContent(route: ApiRoute): ResponseConfig['content'] {
  if (route.produces) return Object.fromEntries(route.produces.map((type) => [type, binary]));
  const gzip = {
    schema: {
      ...binary.schema,
      description: 'The same JSON gzipped, sent to a client whose Accept asks for application/gzip',
    },
  };
  return { 'application/json': { schema: route.response }, ...(route.gzip && { 'application/gzip': gzip }) };
}

function operation(name: string, route: ApiRoute): RouteConfig {
  const success: Record<string, ResponseConfig> = {};
  for (const status of route.success ?? [200])
    success[status] = { description: SUCCESS[status], content: successContent(route) };
  const errors = Object.fromEntries(
    errorsOf(route).map((status) => [status, { $ref: `#/components/responses/${ERRORS[status].name}` }]),
  );
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: route.path,
    operationId: name,
    summary: route.summary,
    description: accessDescription(route.access),
    tags: [route.path.split('/')[2]!],
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    'x-frontier-access': route.access,
    request: {
      params: objectSchema(route.params, `${name} params`),
      query: objectSchema(route.query, `${name} query`),
      body: requestBody(route),
    },
    responses: { ...success, ...errors },
  };
}

// Better Auth's endpoints (app/api/auth/[...all]) are its own; these two are how a browser or a
// script gets and drops a session cookie, so they are described here by hand.
function registerAuth(registry: OpenAPIRegistry): void {
  const common = { tags: ['auth'], security: [], 'x-frontier-access': 'public' as const };
  const betterAuthError = {
    description: "Refused, with Better Auth's `{ message, code }`",
    content: { 'application/json': { schema: { type: 'object' as const } } },
  };
  registry.registerPath({
    ...common,
    method: 'post',
    path: '/api/auth/sign-in/email',
    operationId: 'signInEmail',
    summary: 'Sign in with email and password (server mode; 404 in local mode)',
    description:
      'Public. Sets the session cookie `better-auth.session_token` (`__Secure-` prefixed over https). Accounts are made by an admin with `frontier user add`.',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: z.object({ email: z.email(), password: z.string().min(1) }) } },
      },
    },
    responses: {
      200: {
        description: 'Signed in; the session cookie is set',
        headers: { 'Set-Cookie': { schema: { type: 'string' } } },
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      401: { ...betterAuthError, description: 'Wrong email or password' },
      404: { $ref: '#/components/responses/NotFound' },
    },
  });
  registry.registerPath({
    ...common,
    method: 'post',
    path: '/api/auth/sign-out',
    operationId: 'signOut',
    summary: 'Sign out: end the session of the cookie sent (server mode; 404 in local mode)',
    description: 'Public. Clears the session cookie.',
    responses: {
      200: { description: 'Signed out', content: { 'application/json': { schema: { type: 'object' } } } },
      400: betterAuthError,
      404: { $ref: '#/components/responses/NotFound' },
    },
  });
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * The library writes a regex with flags as `source/flags` (`^[^\p{Cc}]*$/u`). JSON Schema patterns
 * are ECMA-262 and take no flags; `u` only enables syntax such as `\p{..}` that a validator reads as
 * meant, so it is dropped; another flag would change what matches, so it stops the build instead.
 */
function fixPatternFlags(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const flags = key === 'pattern' && typeof value === 'string' ? /(?<!\\)\/([a-z]+)$/.exec(value) : null;
    if (flags && flags[1] !== 'u')
      throw new Error(`pattern ${value} has regex flags JSON Schema cannot say; give the schema .meta({ pattern })`);
    if (flags) record[key] = (value as string).slice(0, -2);
    else fixPatternFlags(value);
  }
}

/** The whole document; built on demand (the route caches it). */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token, made with `frontier token create EMAIL`; it acts with the role of its account',
  });
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The session cookie set by POST /api/auth/sign-in/email (the sign-in page); `__Secure-better-auth.session_token` over https',
  });
  for (const { name, ...response } of Object.values(ERRORS)) {
    registry.registerComponent('responses', name, {
      ...response,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  }
  for (const [name, route] of Object.entries(API as Record<string, ApiRoute>))
    registry.registerPath(operation(name, route));
  registerAuth(registry);
  // Error is referred to by hand (the responses above): its schema goes in as a definition of its own.
  const document = new OpenApiGeneratorV31([
    ...registry.definitions,
    { type: 'schema', schema: apiErrorSchema },
  ]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Frontier Explorer API',
      version: packageJson.version,
      description: [
        'The HTTP API of Frontier Explorer, generated from the schemas the routes validate with.',
        '',
        '**Local mode** (plain `npm start`): the server listens on loopback only and has no sign-in; the person at the machine may do everything. It answers only to localhost names and refuses cross-site writes from browsers.',
        '',
        '**Server mode** (`frontier up --host 0.0.0.0`): every route but the public ones needs an account, by a session cookie (sign in with `POST /api/auth/sign-in/email`) or `Authorization: Bearer <token>` (`frontier token create EMAIL`). Roles: viewer (read, share links), editor (also evaluate, import, cancel), admin (also accounts and every share link). Each operation says which role it needs, also as `x-frontier-access`.',
        '',
        'Errors are JSON `{ error: { message, issues? } }` with the status code.',
      ].join('\n'),
    },
  });
  fixPatternFlags(document);
  return document;
}
