// The one access check every request passes (src/proxy.ts runs it before any page, withRoute in
// server/route.ts before any API route).
// Pure: its caller (server/check-access.ts) hands it the request's facts, the mode and who is asking.
//
// Local mode (plain `npm start`): the server listens on loopback and the person at the keyboard
// owns it, so no sign-in; but any web page open in the same browser could otherwise drive it, so
// it answers only to Host names of this machine (a page that reaches it by DNS rebinding sends its
// own name) and refuses writes that a browser marks as cross-site.
// Server mode (`frontier up --host 0.0.0.0`): everything but share links needs an account (a
// session cookie from the sign-in page, or `Authorization: Bearer <token>`) with a role that
// allows it; writes from a browser must come from the public URL's origin.
import { roleAllows, type Access, type Role } from '@frontier/core';

export interface RequestFacts {
  method: string;
  /** Header lookup, case-insensitive (Headers.get). */
  header(name: string): string | null;
}

export interface Refusal {
  status: number;
  message: string;
  /** For a 405: the methods the API answers. */
  allow?: string;
}

/** What the check needs of the mode: the public origin in server mode. */
export type ModeFacts = { mode: 'local' } | { mode: 'server'; publicUrl: URL };

/** Who is asking: an account (or the local owner), nobody, or a token that is not valid. */
export type Caller = { role: Role } | 'anonymous' | 'bad-token';

const METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

// A URL authority without user info: a host name, IPv4 address or bracketed IPv6 address, then
// an optional port. `127.0.0.1:evil.example` is none: its "port" is not a number.
const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/** The host name of a Host header or URL authority, without its port, lower case; undefined when it is not one. */
export function hostName(authority: string): string | undefined {
  const m = AUTHORITY.exec(authority.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) > 65535)) return undefined;
  return m[1]!.toLowerCase();
}

const crossSite = (why: string): Refusal => ({
  status: 403,
  message: `cross-site request refused (${why}): writes must come from this app's own pages`,
});

/** A 405 for a method the API never answers, or undefined. */
export function methodRefusal(method: string): Refusal | undefined {
  const m = method.toUpperCase();
  return METHODS.includes(m)
    ? undefined
    : {
        status: 405,
        message: `method ${m} is not allowed (allowed: ${METHODS.join(', ')})`,
        allow: METHODS.join(', '),
      };
}

/** Why the request is refused before anyone is identified, or undefined when it may go on. */
export function refuse(req: RequestFacts, mode: ModeFacts = { mode: 'local' }): Refusal | undefined {
  const method = req.method.toUpperCase();
  const unknown = methodRefusal(method);
  if (unknown) return unknown;
  const host = req.header('host');
  const name = host === null ? undefined : hostName(host);
  // Loopback names always answer (a health check on the machine itself); a server also answers
  // to its public name.
  const known =
    host !== null &&
    name !== undefined &&
    (LOCAL_NAMES.has(name) || (mode.mode === 'server' && name === mode.publicUrl.hostname.toLowerCase()));
  if (!known) {
    const names =
      mode.mode === 'local'
        ? 'localhost, 127.0.0.1 or [::1] (local mode)'
        : `${mode.publicUrl.hostname} (FRONTIER_PUBLIC_URL) or localhost`;
    return {
      status: 403,
      message: `this server answers only to ${names}; the request named ${JSON.stringify(host ?? '')}`,
    };
  }
  if (SAFE.has(method)) return undefined;
  // Browsers send Sec-Fetch-Site with every request and Origin with every cross-origin one; a
  // script (curl, the CLI) sends neither: on a server it still needs a token.
  const site = req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return crossSite(`Sec-Fetch-Site: ${site}`);
  const origin = req.header('origin');
  if (origin === null) return undefined;
  if (origin === 'null') return crossSite('Origin: null');
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return crossSite(`unreadable Origin ${JSON.stringify(origin)}`);
  }
  const own =
    mode.mode === 'server'
      ? from.origin === mode.publicUrl.origin
      : from.host.toLowerCase() === host.trim().toLowerCase();
  return own ? undefined : crossSite(`Origin ${origin}`);
}

/** Whether the caller may use what needs `access`: 401 for nobody or a bad token, 403 for a role too low. */
export function authorize(caller: Caller, access: Access): Refusal | undefined {
  if (access === 'public') return undefined;
  if (caller === 'bad-token')
    return {
      status: 401,
      message: 'the API token is unknown or revoked; make a new one with `frontier token create EMAIL`',
    };
  if (caller === 'anonymous')
    return {
      status: 401,
      message: 'sign in first, or send Authorization: Bearer <token> (make one with `frontier token create EMAIL`)',
    };
  if (roleAllows(caller.role, access)) return undefined;
  const needed = access === 'admin' ? 'admin' : access === 'write' ? 'editor' : 'viewer';
  return {
    status: 403,
    message: `this needs the ${needed} role; your account is a ${caller.role} (an admin can change it with \`frontier user role\`)`,
  };
}

/** The response headers a refusal calls for: Allow with a 405, WWW-Authenticate with a 401. */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  return {
    ...(refusal.allow && { Allow: refusal.allow }),
    ...(refusal.status === 401 && { 'WWW-Authenticate': 'Bearer realm="frontier"' }),
  };
}
