import { API } from '@/server/api-routes';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';
import { createShare, listSharesOf } from '@/server/shares';

// GET /api/shares - the caller's share links (an admin's: all of them)
export const GET = withRoute(API.shares, async ({ caller }) => listSharesOf(caller));

// POST /api/shares - pin a view ({ studyId, view: path + query }) to a snapshot; returns { token, url }
export const POST = withRoute(API.createShare, async ({ body, caller }) =>
  Reply.json(await createShare(body.studyId, body.view, caller), 201),
);
export { PATCH, PUT } from '@/server/refused-methods';
