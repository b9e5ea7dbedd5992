import { env } from '@/env';
import { API } from '@/server/api-routes';
import { getDb } from '@/server/db';
import { receiveImport } from '@/server/imports';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';

// POST /api/imports?study=&alpha=&setting=&scale=&role=&benchmark=&filename=&manifest= - imports the
// body (an LCB file, a JSONL file, or a tar of a manifest and its files; Content-Type says which)
// in one transaction, as `frontier import` does. 201 with what was imported and the aggregation
// job; 200 when every file was already imported unchanged (or the study archive's study is here already); 413 past FRONTIER_IMPORT_MAX_BYTES;
// 507 when the data directory's disk (or the database's) fills, naming the path and the space.
export const POST = withRoute(API.imports, async ({ query, request, caller }) => {
  const { FRONTIER_DATA_DIR, FRONTIER_IMPORT_MAX_BYTES } = env();
  const result = await receiveImport(
    {
      contentType: request.headers.get('content-type'),
      contentLength: request.headers.get('content-length'),
      body: request.body,
      query,
    },
    { db: await getDb(), dataDir: FRONTIER_DATA_DIR, maxBytes: FRONTIER_IMPORT_MAX_BYTES, createdById: caller.userId },
  );
  // A study archive has no aggregation to wait for: its aggregates come with it.
  const created = result.aggregateJobId !== null || result.archive?.alreadyImported === false;
  return Reply.json(result, created ? 201 : 200);
});
export { PATCH, PUT } from '@/server/refused-methods';
