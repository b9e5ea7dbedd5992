import { listStudies } from '@/server/studies';
import { withRoute } from '@/server/route';

// GET /api/studies - every study with its checkpoint and sample counts
export const GET = withRoute({}, async () => ({ studies: await listStudies() }));
