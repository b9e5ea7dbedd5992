import { errorResponse } from '@/server/error-response';
import { sharePreviewPng } from '@/server/share-preview';

// GET /s/TOKEN/preview.png: the link preview (og:image) of a share, 1200 x 630. Public as the
// share page is (proxy.ts: /s/ needs no account). A pinned view never changes, so caches may keep
// it; an hour at most, so a deleted link's picture does not outlive it for long anywhere.
export async function GET(_request: Request, ctx: RouteContext<'/s/[token]/preview.png'>): Promise<Response> {
  try {
    const { token } = await ctx.params;
    const png = await sharePreviewPng(token);
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': 'public, max-age=3600, immutable',
      },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
