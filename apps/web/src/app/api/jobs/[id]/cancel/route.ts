import { jobParamsSchema } from '@/lib/jobs-api';
import { cancelJob } from '@/server/jobs';
import { withRoute } from '@/server/route';

// POST /api/jobs/:id/cancel - cancels a queued or running job and the steps after it
export const POST = withRoute({ params: jobParamsSchema }, async ({ params }) => cancelJob(params.id));
