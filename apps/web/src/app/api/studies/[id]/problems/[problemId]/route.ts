import { getProblemDetail } from '@/server/problem';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId - the problem's metadata and its counts per checkpoint (aggregates)
export const GET = withRoute(API.problem, ({ params, query }) => getProblemDetail(params.id, params.problemId, query));
export { PATCH, PUT } from '@/server/refused-methods';
