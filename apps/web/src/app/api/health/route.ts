import { pingDatabase } from '@frontier/db';
import { getDb } from '@/server/db';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/health - the server is up and the database answers
export const GET = withRoute(API.health, async () => {
  await pingDatabase(await getDb());
  return { ok: true };
});
