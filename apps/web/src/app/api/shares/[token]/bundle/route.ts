import { NextResponse } from 'next/server';
import { API } from '@/server/api-routes';
import { offlineCopyOfShare } from '@/server/offline-copy';
import { withRoute } from '@/server/route';

// GET /api/shares/:token/bundle - the share as one offline HTML file (public, as the link is)
export const GET = withRoute(API.shareBundle, async ({ params }) => {
  const { html, headers } = await offlineCopyOfShare(params.token);
  return new NextResponse(html, { headers });
});
export { PATCH, PUT } from '@/server/refused-methods';
