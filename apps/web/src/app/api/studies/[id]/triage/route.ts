import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getTriageRows } from '@/server/triage';

// GET /api/studies/:id/triage?a=ALPHA&b=ALPHA - every compared problem of two checkpoints, by q (the rows `frontier triage --json` prints)
export const GET = withRoute(API.triage, ({ params, query }) => getTriageRows(params.id, query));
export { PATCH, PUT } from '@/server/refused-methods';
