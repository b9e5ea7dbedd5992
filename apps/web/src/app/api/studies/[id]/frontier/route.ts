import { filtersSchema } from '@/lib/filters';
import { studyParamsSchema } from '@/lib/study-id';
import { getFrontier } from '@/server/frontier';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/frontier - frontier points for a study, filtered by difficulty, setting and scale
export const GET = withRoute({ params: studyParamsSchema, query: filtersSchema }, async ({ params, query }) =>
  getFrontier(params.id, query),
);
