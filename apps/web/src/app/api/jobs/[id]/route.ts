import { jobParamsSchema } from '@/lib/jobs-api';
import { getJob } from '@/server/jobs';
import { withRoute } from '@/server/route';

// GET /api/jobs/:id - one pipeline job with its progress, attempts and last error
export const GET = withRoute({ params: jobParamsSchema }, async ({ params }) => ({ job: await getJob(params.id) }));
