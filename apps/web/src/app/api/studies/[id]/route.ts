import { getStudy } from '@/server/studies';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/studies/:id - one study with its checkpoint and sample counts
export const GET = withRoute(API.study, async ({ params }) => ({ study: await getStudy(params.id) }));
export { PATCH, PUT } from '@/server/refused-methods';
