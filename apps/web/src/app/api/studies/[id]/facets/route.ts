import { studyParamsSchema } from '@/lib/study-id';
import { withRoute } from '@/server/route';
import { getStudyFacets } from '@/server/study-facets';

// GET /api/studies/:id/facets - filter values (difficulty, setting, scale), pending samples, data version
export const GET = withRoute({ params: studyParamsSchema }, ({ params }) => getStudyFacets(params.id));
