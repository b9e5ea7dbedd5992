import { rejudge } from '@/server/jobs';
import { API } from '@/server/api-routes';
import { Reply } from '@/server/reply';
import { withRoute } from '@/server/route';

// POST /api/studies/:id/rejudge - queues judging the study's samples again with the current judge
// (a judge -> aggregate chain); 202 with the judge job, whose `rejudge` says what changed once it
// runs. 400 naming alphas or problems the study does not have; 409 while it is being re-judged.
export const POST = withRoute(API.rejudge, async ({ params, body, caller }) =>
  Reply.json(await rejudge(params.id, body, caller), 202),
);
export { PATCH, PUT } from '@/server/refused-methods';
