// Large JSON (the study data) travels gzipped, compressed once per data version on the server.
// Not as `Content-Encoding: gzip`: Next 16 drops Content-Encoding (and Content-Length) from every
// route handler's response (next/dist/server/send-response.js, FORBIDDEN_HEADERS), so the browser
// would be handed gzip bytes it does not know to decode. Instead the gzip is the body itself
// (`Content-Type: application/gzip`), asked for with `Accept: application/gzip`, and the browser
// decodes it with its native DecompressionStream. Clients that do not ask get plain JSON.

export const GZIP_JSON_ACCEPT = 'application/gzip, application/json;q=0.5';

export const GZIP_JSON_HEADERS = {
  'content-type': 'application/gzip',
  // What the gzip holds, for a client reading the bytes by hand (`curl -H 'Accept: application/gzip' | gunzip`).
  'x-content-type': 'application/json',
  vary: 'Accept',
} as const;

/** Whether an Accept header asks for the gzipped body (any q above 0). */
export function acceptsGzipBody(accept: string | null): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'application/gzip') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The JSON of a response that may be gzipped (see above). */
export async function readMaybeGzippedJson(res: Response): Promise<unknown> {
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (type !== 'application/gzip' || !res.body) return res.json();
  return new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).json();
}
