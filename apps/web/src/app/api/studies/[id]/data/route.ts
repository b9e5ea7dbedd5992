import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getStudyDataGzip, getStudyDataJson } from '@/server/study-data';
import { acceptsGzipBody, GZIP_JSON_HEADERS } from '@/lib/gzip-json';

// GET /api/studies/:id/data - per (checkpoint, problem) verdict counts under the filters (columnar).
// A client that sends `Accept: application/gzip` gets the JSON gzipped once per data version (see
// lib/gzip-json.ts for why this is not Content-Encoding); any other client gets plain JSON.
export const GET = withRoute(API.studyData, async ({ params, query, request }) => {
  if (acceptsGzipBody(request.headers.get('accept'))) {
    return new NextResponse(new Uint8Array(await getStudyDataGzip(params.id, query)), { headers: GZIP_JSON_HEADERS });
  }
  return new NextResponse(await getStudyDataJson(params.id, query), { headers: { 'content-type': 'application/json', vary: 'Accept' } });
});
export { PATCH, PUT } from '@/server/refused-methods';
