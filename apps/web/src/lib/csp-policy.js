// The Content-Security-Policy of every response: next.config.ts (which can load plain JavaScript
// only, hence this file) for every page but the share embeds, proxy.ts for those, with the
// frame-ancestors FRONTIER_EMBED_ORIGINS allows. Pages need inline scripts (Next's hydration
// data) and plotly.js compiles functions at run time ('unsafe-eval'); nothing is loaded from
// elsewhere. No site may frame the app (clickjacking a write button) but the read-only embeds.

/** @param {{ dev: boolean, frameAncestors: string }} options */
export function contentSecurityPolicy({ dev, frameAncestors }) {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // data: and blob: are the plot exports (Plotly's image as a data: URL, fetched into a Blob).
    `connect-src 'self' data: blob:${dev ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** A share's embed page (/s/TOKEN/embed): the only page another site may frame. */
export const EMBED_PATH = /^\/s\/[A-Za-z0-9_-]{16,64}\/embed\/?$/;

/** Every path but the embeds, as a next.config `source`. */
export const NOT_EMBED_SOURCE = '/:path((?!s/[A-Za-z0-9_-]+/embed/?$).*)';
