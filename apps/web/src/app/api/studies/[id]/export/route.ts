import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { getDb } from '@/server/db';
import { withRoute } from '@/server/route';
import { exportDownload } from '@/server/study-export';

// GET /api/studies/:id/export?format=csv|parquet&samples=1&code=1 - the study's rows per (checkpoint,
// setting, problem), or per sample, as a CSV or Parquet download streamed as it is read
export const GET = withRoute(API.studyExport, async ({ params, query }) => {
  const { body, headers } = await exportDownload(await getDb(), params.id, query);
  return new NextResponse(body, { headers });
});
export { PATCH, PUT } from '@/server/refused-methods';
