import { pingDatabase } from '@frontier/db';
import { getDb } from '@/server/db';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { warmUpState } from '@/server/warm-up';

// GET /api/health - the server is up and the database answers; `warm`: its start-up warm-up has
// finished (server/warm-up.ts), so its first study page is served as fast as any later one.
export const GET = withRoute(API.health, async () => {
  await pingDatabase(await getDb());
  return { ok: true as const, warm: warmUpState().done };
});
export { PATCH, PUT } from '@/server/refused-methods';
