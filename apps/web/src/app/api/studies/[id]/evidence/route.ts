import { studyParamsSchema } from '@/lib/study-id';
import { evidenceQuerySchema } from '@/lib/triage-evidence';
import { withRoute } from '@/server/route';
import { getTriageEvidence } from '@/server/triage-evidence';

// GET /api/studies/:id/evidence?a=&b= - first-failing-tier histograms of two checkpoints, per problem (triage)
export const GET = withRoute({ params: studyParamsSchema, query: evidenceQuerySchema }, ({ params, query }) => getTriageEvidence(params.id, query));
