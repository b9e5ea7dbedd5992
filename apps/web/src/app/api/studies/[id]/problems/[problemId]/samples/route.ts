import { problemParamsSchema, samplesQuerySchema } from '@/lib/problem-params';
import { listProblemSamples } from '@/server/problem-samples';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId/samples - one page of the problem's samples with verdicts
export const GET = withRoute({ params: problemParamsSchema, query: samplesQuerySchema }, ({ params, query }) => listProblemSamples(params.id, params.problemId, query));
