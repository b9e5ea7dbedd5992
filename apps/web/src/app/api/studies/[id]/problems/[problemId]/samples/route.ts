import { listProblemSamples } from '@/server/problem-samples';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId/samples - one page of the problem's samples with verdicts
export const GET = withRoute(API.problemSamples, ({ params, query }) =>
  listProblemSamples(params.id, params.problemId, query),
);
export { PATCH, PUT } from '@/server/refused-methods';
