import { listJobs } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';

// GET /api/jobs?study=<id>&limit=<n> - the newest pipeline jobs with their progress, times and who queued them, of one study or all
export const GET = withRoute(API.jobs, async ({ query }) => ({
  jobs: await listJobs({ studyId: query.study, limit: query.limit }),
}));
export { PATCH, PUT } from '@/server/refused-methods';
