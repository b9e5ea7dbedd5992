import { z } from 'zod';
import { escapeXml, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../preview/preview-svg';
import { sharedPagePath } from '../problem/problem-link';
import { EMBED_SIZE, previewImagePath } from './embed';
import { SHARE_TOKEN_PATTERN } from './share';

// oEmbed (https://oembed.com) for share links: a wiki or a blog that is given /s/TOKEN asks
// GET /api/oembed?url=... and gets an <iframe> of the embed (/s/TOKEN/embed) to put in its page.

const dimension = z.coerce.number().int('must be a whole number of pixels').min(50).max(10_000);

/** GET /api/oembed */
export const oembedQuerySchema = z.strictObject({
  url: z.string().min(1).max(2000).meta({ description: 'A share link of this site: <origin>/s/<token>' }),
  maxwidth: dimension.optional(),
  maxheight: dimension.optional(),
  format: z
    .string()
    .optional()
    .meta({ description: 'json (the default); any other format is answered 501, as oEmbed asks' }),
});

export type OembedQuery = z.infer<typeof oembedQuerySchema>;

export const oembedResponseSchema = z.strictObject({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  provider_name: z.literal('Frontier Explorer'),
  provider_url: z.string(),
  html: z.string().meta({ description: 'An <iframe> of the embed, /s/<token>/embed' }),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().meta({ description: 'The preview image, /s/<token>/preview.png' }),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
});

export type OembedResponse = z.infer<typeof oembedResponseSchema>;

/** The oEmbed endpoint's path for a page URL (the share page's discovery link). */
export const oembedPath = (url: string) => `/api/oembed?url=${encodeURIComponent(url)}&format=json`;

/** The token of a share URL of this site (its page or its embed, at one of its origins), or undefined for any other URL. */
export function shareTokenOfUrl(url: string, origins: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!origins.includes(parsed.origin)) return undefined;
  const m = /^\/s\/([^/]+)(\/embed)?\/?$/.exec(parsed.pathname);
  return m && SHARE_TOKEN_PATTERN.test(m[1]!) ? m[1] : undefined;
}

/** The answer for a share: the embed in a frame of the default size, shrunk to the consumer's maximum. */
export function oembedAnswer(args: {
  origin: string;
  token: string;
  title: string;
  maxwidth?: number;
  maxheight?: number;
}): OembedResponse {
  const width = Math.min(EMBED_SIZE.width, args.maxwidth ?? Infinity);
  const height = Math.min(EMBED_SIZE.height, args.maxheight ?? Infinity);
  const src = `${args.origin}${sharedPagePath(args.token, 'embed')}`;
  return {
    version: '1.0',
    type: 'rich',
    title: args.title,
    provider_name: 'Frontier Explorer',
    provider_url: `${args.origin}/`,
    html: `<iframe src="${escapeXml(src)}" width="${width}" height="${height}" style="border:0" loading="lazy" title="${escapeXml(args.title)}"></iframe>`,
    width,
    height,
    thumbnail_url: `${args.origin}${previewImagePath(args.token)}`,
    thumbnail_width: PREVIEW_WIDTH,
    thumbnail_height: PREVIEW_HEIGHT,
  };
}
