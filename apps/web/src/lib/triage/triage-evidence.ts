import type { FailTierHistograms } from '@frontier/db';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../api/api-fetch';
import { checkWindowOrder, filterFieldsSchema, filtersToSearch, type Filters } from '../study/filters';
import { studyIdSchema } from '../study/study-id';
import { sameShape } from '../api/same-shape';

// GET /api/studies/:id/evidence?a=&b= : the triage queue's evidence that the columnar study data
// does not carry, the first-failing-tier histograms of two checkpoints, from the aggregates.

const checkpointId = studyIdSchema;

export const evidenceQuerySchema = filterFieldsSchema
  .extend({ a: checkpointId, b: checkpointId })
  .check(checkWindowOrder);

export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>;

export const triageEvidenceResponseSchema = z.strictObject({
  failTiers: z.record(z.string(), z.record(z.string(), z.array(z.number().int()))).meta({
    description:
      'failTiers[checkpointId][problemId]: judged failing samples by the tier they first failed (index 0 = tier 1), summed over the runs that match the filters; a problem whose runs carry no tier data is absent',
  }),
});

export type TriageEvidenceResponse = z.infer<typeof triageEvidenceResponseSchema>;
sameShape<TriageEvidenceResponse['failTiers'], FailTierHistograms>();

export const triageEvidenceQuery = (studyId: number, filters: Filters, a: number, b: number) =>
  queryOptions({
    queryKey: ['studies', studyId, 'evidence', filtersToSearch(filters), a, b] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams(filtersToSearch(filters));
      search.set('a', String(a));
      search.set('b', String(b));
      return apiGet<TriageEvidenceResponse>(`/api/studies/${studyId}/evidence?${search.toString()}`, signal);
    },
    staleTime: 30_000,
  });
