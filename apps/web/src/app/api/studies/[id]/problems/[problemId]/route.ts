import { problemParamsSchema, problemQuerySchema } from '@/lib/problem-params';
import { getProblemDetail } from '@/server/problem';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId - the problem's metadata and its counts per checkpoint (aggregates)
export const GET = withRoute({ params: problemParamsSchema, query: problemQuerySchema }, ({ params, query }) => getProblemDetail(params.id, params.problemId, query));
