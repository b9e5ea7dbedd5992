import { studyParamsSchema } from '@/lib/study-id';
import { getStudy } from '@/server/studies';
import { withRoute } from '@/server/route';

// GET /api/studies/:id - one study with its checkpoint and sample counts
export const GET = withRoute({ params: studyParamsSchema }, async ({ params }) => ({ study: await getStudy(params.id) }));
