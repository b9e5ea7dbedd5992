// Where sign-in sends the browser afterwards (`/sign-in?next=...`): only a path of this app. The
// value is resolved as a browser would resolve it (backslashes read as slashes, tabs and newlines
// dropped, percent-escapes kept), against a base no real host can have; anything that leaves
// that origin is refused, so `/\evil.example`, `/%09/evil.example` and `//evil.example` all go home.

const BASE = 'http://frontier.invalid';
const MAX = 2048;

/** The normalised path (with query and fragment) `next` names in this app, or '/' when it names none. */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > MAX || !next.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that resolves to two leading slashes would be read as a host by the next parser.
  return path.startsWith('//') ? '/' : path;
}
