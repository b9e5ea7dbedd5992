import { getProblemSample } from '@/server/problem-samples';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId/samples/:runId/:idx - one sample's code and per-test results
export const GET = withRoute(API.sample, ({ params }) =>
  getProblemSample(params.id, params.problemId, params.runId, params.idx),
);
export { PATCH, PUT } from '@/server/refused-methods';
