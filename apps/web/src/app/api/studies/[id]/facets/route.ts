import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getStudyFacets } from '@/server/study-facets';

// GET /api/studies/:id/facets - filter values (difficulty, setting, scale), pending samples, data version
export const GET = withRoute(API.studyFacets, ({ params }) => getStudyFacets(params.id));
export { PATCH, PUT } from '@/server/refused-methods';
