import { getJob } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/jobs/:id - one pipeline job with its progress, attempts and last error
export const GET = withRoute(API.job, async ({ params }) => ({ job: await getJob(params.id) }));
export { PATCH, PUT } from '@/server/refused-methods';
