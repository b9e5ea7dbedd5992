import { API } from '@/server/api-routes';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';
import { getStudyDataBytes, getStudyDataGzip } from '@/server/study-data';
import { acceptsGzipBody, GZIP_JSON_HEADERS } from '@/lib/api/gzip-json';

// GET /api/studies/:id/data - per (checkpoint, problem) verdict counts under the filters (columnar).
// A client that sends `Accept: application/gzip` gets the JSON gzipped once per data version (see
// lib/api/gzip-json.ts for why this is not Content-Encoding); any other client gets plain JSON.
export const GET = withRoute(API.studyData, async ({ params, query, request }) => {
  if (acceptsGzipBody(request.headers.get('accept')))
    return Reply.bytes(await getStudyDataGzip(params.id, query), GZIP_JSON_HEADERS);
  return Reply.bytes(await getStudyDataBytes(params.id, query), { 'content-type': 'application/json', vary: 'Accept' });
});
export { PATCH, PUT } from '@/server/refused-methods';
