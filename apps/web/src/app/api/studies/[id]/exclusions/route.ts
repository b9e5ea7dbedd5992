import { API } from '@/server/api-routes';
import { exclude, include, studyExclusions } from '@/server/exclusions';
import { withRoute } from '@/server/route';

// GET /api/studies/:id/exclusions - the problems the study leaves out of every number, with why
export const GET = withRoute(API.exclusions, async ({ params }) => studyExclusions(params.id));

// POST /api/studies/:id/exclusions - excludes problems with their reasons, all or none (an editor's)
export const POST = withRoute(API.exclude, async ({ params, body, caller }) => exclude(params.id, body, caller));

// DELETE /api/studies/:id/exclusions - counts problems again, all or none (an editor's)
export const DELETE = withRoute(API.include, async ({ params, body }) => include(params.id, body));

export { PATCH, PUT } from '@/server/refused-methods';
