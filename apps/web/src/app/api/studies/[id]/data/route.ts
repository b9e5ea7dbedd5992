import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getStudyDataBytes, getStudyDataGzip } from '@/server/study-data';
import { acceptsGzipBody, GZIP_JSON_HEADERS } from '@/lib/gzip-json';

// GET /api/studies/:id/data - per (checkpoint, problem) verdict counts under the filters (columnar).
// A client that sends `Accept: application/gzip` gets the JSON gzipped once per data version (see
// lib/gzip-json.ts for why this is not Content-Encoding); any other client gets plain JSON.
export const GET = withRoute(API.studyData, async ({ params, query, request }) => {
  if (acceptsGzipBody(request.headers.get('accept'))) {
    return new NextResponse(view(await getStudyDataGzip(params.id, query)), { headers: GZIP_JSON_HEADERS });
  }
  return new NextResponse(view(await getStudyDataBytes(params.id, query)), { headers: { 'content-type': 'application/json', vary: 'Accept' } });
});

// The cached bytes themselves, not a copy (`new Uint8Array(buffer)` would copy them per request).
function view(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
export { PATCH, PUT } from '@/server/refused-methods';
