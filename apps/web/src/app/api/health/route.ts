import { pingDatabase } from '@frontier/db';
import { getDb } from '@/server/db';
import { withRoute } from '@/server/route';

// GET /api/health - the server is up and the database answers
export const GET = withRoute({}, async () => {
  await pingDatabase(await getDb());
  return { ok: true };
});
