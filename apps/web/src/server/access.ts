// The one access check every request passes (src/proxy.ts runs it before any route or page).
// Local mode (plain `npm start`, the only mode so far): the server listens on loopback, and the
// person at the keyboard owns it, so no sign-in; but any web page open in the same browser could
// otherwise drive it, so it answers only to Host names of this machine (a page that reaches it by
// DNS rebinding sends its own name) and refuses writes that a browser marks as cross-site.
// Server mode (sign-in, roles, tokens) will add its checks here.

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

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header or URL authority, without its port; lower case. */
export function hostName(authority: string): string {
  const a = authority.trim().toLowerCase();
  if (a.startsWith('[')) return a.slice(0, a.indexOf(']') + 1);
  return a.split(':')[0]!;
}

/** Why the request is refused, or undefined when it may go on. */
export function refuse(req: RequestFacts): Refusal | undefined {
  const method = req.method.toUpperCase();
  if (!METHODS.has(method)) return { status: 405, message: `method ${method} is not allowed (allowed: ${[...METHODS].join(', ')})`, allow: [...METHODS].join(', ') };
  const host = req.header('host');
  if (!host || !LOCAL_NAMES.has(hostName(host))) {
    return { status: 403, message: `this server answers only to localhost, 127.0.0.1 or [::1] (local mode); the request named ${JSON.stringify(host ?? '')}` };
  }
  if (SAFE.has(method)) return undefined;
  // Browsers send Sec-Fetch-Site with every request and Origin with every cross-origin one; a
  // script (curl, the CLI) sends neither and is the machine's own user.
  const site = req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return { status: 403, message: `cross-site request refused (Sec-Fetch-Site: ${site}): writes must come from this app's own pages` };
  const origin = req.header('origin');
  if (origin && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return { status: 403, message: `cross-site request refused: unreadable Origin ${JSON.stringify(origin)}` };
    }
    if (originHost.toLowerCase() !== host.trim().toLowerCase()) return { status: 403, message: `cross-site request refused (Origin ${origin}): writes must come from this app's own pages` };
  } else if (origin === 'null') {
    return { status: 403, message: 'cross-site request refused (Origin: null): writes must come from this app\'s own pages' };
  }
  return undefined;
}
