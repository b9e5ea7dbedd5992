import { listStudies } from '@/server/studies';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/studies - every study with its checkpoint and sample counts
export const GET = withRoute(API.studies, async () => ({ studies: await listStudies() }));
export { PATCH, PUT } from '@/server/refused-methods';
