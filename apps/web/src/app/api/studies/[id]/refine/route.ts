import { refine } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';

// POST /api/studies/:id/refine - queues an automatic refinement run (one 'refine' job; the worker
// runs its rounds). 202 with the job; 409 while the study already has a run queued or running.
export const POST = withRoute(API.refine, async ({ params, body, caller }) =>
  Reply.json({ job: await refine(params.id, body, caller) }, 202),
);
export { PATCH, PUT } from '@/server/refused-methods';
