import { evaluate } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';

// POST /api/studies/:id/evaluate - queues merge -> generate -> judge -> aggregate for each alpha of
// `{ alphas: "2.5, 3" }`. Idempotent: an alpha whose chain is queued, running or succeeded is
// answered with that chain (`existing: true`) and nothing is queued for it. 202 when something was
// queued, 200 when every alpha already had its chain; 429 with Retry-After past the study's cap.
export const POST = withRoute(API.evaluate, async ({ params, body, caller }) => {
  const result = await evaluate(params.id, body.alphas, caller);
  return Reply.json(result, result.chains.some((c) => !c.existing) ? 202 : 200);
});
export { PATCH, PUT } from '@/server/refused-methods';
