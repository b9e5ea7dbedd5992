import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { offlineCopyOfView } from '@/server/offline-copy';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/bundle?view=/studies/:id/... - a live view, pinned now, as one offline HTML file
export const GET = withRoute(API.studyBundle, async ({ params, query }) => {
  const { html, headers } = await offlineCopyOfView(params.id, query.view);
  return new NextResponse(html, { headers });
});
export { PATCH, PUT } from '@/server/refused-methods';
