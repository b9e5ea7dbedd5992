import { getDb } from '@/server/db';
import { withRoute } from '@/server/route';

// GET /api/health - the server is up and the database answers
export const GET = withRoute({}, async () => {
  const db = await getDb();
  await db.pool.query('SELECT 1');
  return { ok: true };
});
