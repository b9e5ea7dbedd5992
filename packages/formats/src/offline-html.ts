// The offline copy of a shared view: one HTML file that opens from disk with no server and no
// network request. The viewer (the web app's share rendering, bundled with its CSS) reads the
// document from the file's one JSON script element; nothing here knows what a view looks like.

/** What the viewer renders: a share as the /s/ page would, and where it came from. */
export interface OfflineDocument {
  studyId: number;
  studyName: string;
  /** The pinned view's path and query, /studies/<id>/<tab>?... */
  view: string;
  /** When the data was pinned (ISO 8601). */
  pinnedAt: string;
  dataVersion: number;
  /** The share link it was made from; null for a copy of a live study view. */
  token: string | null;
  /** The site the copy came from, for links back to it; null when unknown (no public URL). */
  origin: string | null;
  /** The share's payload (SharePayload: facets, datasets, pinned queries). */
  payload: unknown;
}

export interface OfflineViewer {
  js: string;
  css: string;
}

/**
 * JSON text made safe inside a <script> element: `</script` (any case) or `<!--` in a string
 * cannot end or confuse the element, and U+2028/2029 stay escaped for older parsers. Only
 * strings can hold these characters, where the \u escapes mean the same.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Inlined code as its element's text: `</script` or `</style` would end the element early, and
 * `<!--` could start the HTML parser's escaped states. esbuild's output has neither outside
 * string and regular expression literals, where `\x3C` means the same `<`.
 */
function inlineSafe(code: string, tag: 'script' | 'style'): string {
  const escaped = code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
  return tag === 'script' ? escaped.replace(/<!--/g, '\\x3C!--') : escaped;
}

/**
 * The whole file: the viewer's CSS and script inline, the document as JSON. The payload comes as
 * JSON text (a share's is megabytes, often already serialised): it is spliced in, not re-parsed.
 */
export function offlineHtml(
  viewer: OfflineViewer,
  meta: Omit<OfflineDocument, 'payload'>,
  payloadJson: string,
): string {
  const title = `${meta.studyName} · offline copy · Frontier Explorer`;
  const doc = `${JSON.stringify(meta).slice(0, -1)},"payload":${payloadJson}}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src data: blob:">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${inlineSafe(viewer.css, 'style')}</style>
</head>
<body>
<main class="page" id="frontier-root"><noscript>This offline copy of a Frontier Explorer view needs JavaScript.</noscript></main>
<script type="application/json" id="frontier-document">${scriptSafeJson(doc)}</script>
<script>${inlineSafe(viewer.js, 'script')}</script>
</body>
</html>
`;
}
