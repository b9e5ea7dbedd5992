import { API } from '@/server/api-routes';
import { withRoute } from '@/server/route';
import { getTriageEvidence } from '@/server/triage-evidence';

// GET /api/studies/:id/evidence?a=&b= - first-failing-tier histograms of two checkpoints, per problem (triage)
export const GET = withRoute(API.evidence, ({ params, query }) => getTriageEvidence(params.id, query));
export { PATCH, PUT } from '@/server/refused-methods';
