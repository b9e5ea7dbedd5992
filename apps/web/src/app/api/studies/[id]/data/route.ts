import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getStudyDataJson } from '@/server/study-data';

// GET /api/studies/:id/data - per (checkpoint, problem) verdict counts under the filters (columnar)
export const GET = withRoute(API.studyData, async ({ params, query }) =>
  new NextResponse(await getStudyDataJson(params.id, query), { headers: { 'content-type': 'application/json' } }),
);
