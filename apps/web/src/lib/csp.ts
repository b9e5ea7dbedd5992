// The Content-Security-Policy of every response (next.config.ts), and of the share embeds with
// their own frame-ancestors (proxy.ts). Pages need inline scripts (Next's hydration data) and
// plotly.js compiles functions at run time ('unsafe-eval'); nothing is loaded from elsewhere.
// No site may frame the app (clickjacking a write button) except the read-only embeds.

export function contentSecurityPolicy({ dev, frameAncestors }: { dev: boolean; frameAncestors: string }): string {
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

/** A share's embed page: the only page another site may frame. */
export const EMBED_PATH = /^\/s\/[A-Za-z0-9_-]{16,64}\/embed\/?$/;

/** The same paths as a next.config `source` that matches every path but these. */
export const NOT_EMBED_SOURCE = '/:path((?!s/[A-Za-z0-9_-]+/embed/?$).*)';
