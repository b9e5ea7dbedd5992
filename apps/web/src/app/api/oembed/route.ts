import { oembedAnswer, shareTokenOfUrl } from '@/lib/share/oembed';
import { API } from '@/server/api-routes';
import { HttpError, notFound } from '@/server/http-error';
import { withRoute } from '@/server/route';
import { previewOf } from '@/server/share-preview';
import { getShare } from '@/server/shares';
import { ownOrigins, siteOrigin } from '@/server/site-origin';

// GET /api/oembed?url=<share link>: public like the share itself; what oEmbed asks of a provider:
// 404 for a URL it does not serve (getShare: also a deleted link), 501 for a format it does not speak.
export const GET = withRoute(API.oembed, async ({ query, request }) => {
  if (query.format !== undefined && query.format !== 'json')
    throw new HttpError(501, `format ${JSON.stringify(query.format)} is not served; ask for format=json`);
  const token = shareTokenOfUrl(query.url, ownOrigins(request.headers));
  if (!token) throw notFound(`url is not a share link of this site (${siteOrigin(request.headers)}/s/<token>)`);
  const share = await getShare(token);
  return oembedAnswer({
    origin: siteOrigin(request.headers),
    token,
    title: previewOf(share).title,
    maxwidth: query.maxwidth,
    maxheight: query.maxheight,
  });
});
export { PATCH, PUT } from '@/server/refused-methods';
