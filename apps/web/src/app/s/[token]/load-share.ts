import { notFound } from 'next/navigation';
import { cache } from 'react';
import { sharedPagePath } from '@/lib/problem/problem-link';
import { HttpError } from '@/server/http-error';
import { getShare, type StoredShare } from '@/server/shares';

/** A share for its page, its embed and their metadata: read once per request; an unknown token is the not-found page. */
export const loadShare = cache(async (token: string) =>
  getShare(token).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }),
);

/**
 * SharedView's props from the stored share and the page's ?problem=&checkpoint= (a problem opened
 * from the view), for the link's full page or its embed.
 */
export function sharedViewProps(
  token: string,
  share: StoredShare,
  search: Record<string, string | string[] | undefined>,
  page: 'share' | 'embed',
) {
  return {
    home: sharedPagePath(token, page),
    ...(page === 'embed' && { embed: { shareHref: sharedPagePath(token) } }),
    problem: search.problem,
    checkpoint: search.checkpoint,
    studyId: share.studyId,
    studyName: share.studyName,
    view: share.view,
    createdAt: share.createdAt,
    pinnedVersion: share.dataVersion,
    currentVersion: share.currentVersion,
    payload: share.payload,
  };
}
