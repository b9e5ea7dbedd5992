import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { removeShare } from '@/server/shares';

// DELETE /api/shares/:token - deletes a share link (its owner or an admin)
export const DELETE = withRoute(API.deleteShare, async ({ params, caller }) => removeShare(params.token, caller));
export { PATCH, PUT } from '@/server/refused-methods';
