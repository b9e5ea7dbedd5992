import 'server-only';
import { shareExists } from '@frontier/db';
import { SHARE_TOKEN_PATTERN } from '../lib/share/share';
import { sharePreview, type SharePreview } from '../lib/share/share-preview';
import { previewSvg } from '../lib/preview/preview-svg';
import { getDb } from './db';
import { rasterise } from './preview-raster';
import { notFound } from './http-error';
import { getShare, type StoredShare } from './shares';

// A share's preview image (/s/TOKEN/preview.png): the pinned view's card rasterised without a
// browser. A pinned snapshot never changes, so each token's PNG is rendered once and kept; every
// request still asks the database whether the link exists (one indexed count), so a deleted
// share's image is gone at once, on every server process.

const CACHE_ENTRIES = 200;
const cache = new Map<string, Buffer>();
const previews = new Map<string, SharePreview>();

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= CACHE_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** A share's title, description and card (the frontier's bootstrap is not free: computed once a link). */
export function previewOf(share: StoredShare): SharePreview {
  return previews.get(share.token) ?? remember(previews, share.token, sharePreview(share));
}

/** The PNG of a share's preview; 404 for a token that is not (or no longer) a share. */
export async function sharePreviewPng(token: string): Promise<Buffer> {
  if (!SHARE_TOKEN_PATTERN.test(token) || !(await shareExists(await getDb(), token))) {
    cache.delete(token);
    previews.delete(token);
    throw notFound('no such shared link (it may have been deleted, or its study was)');
  }
  const hit = cache.get(token);
  if (hit) return hit;
  return remember(cache, token, rasterise(previewSvg(previewOf(await getShare(token)).card)));
}
