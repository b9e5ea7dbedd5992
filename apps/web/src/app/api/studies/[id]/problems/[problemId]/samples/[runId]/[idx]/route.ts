import { sampleParamsSchema } from '@/lib/problem-params';
import { getProblemSample } from '@/server/problem-samples';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/problems/:problemId/samples/:runId/:idx - one sample's code and per-test results
export const GET = withRoute({ params: sampleParamsSchema }, ({ params }) => getProblemSample(params.id, params.problemId, params.runId, params.idx));
