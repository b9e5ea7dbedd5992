import { cancelJob } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// POST /api/jobs/:id/cancel - cancels a queued or running job and the steps after it
export const POST = withRoute(API.cancelJob, async ({ params }) => cancelJob(params.id));
export { PATCH, PUT } from '@/server/refused-methods';
