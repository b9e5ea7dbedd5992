import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/api-fetch';
import type { ProblemDetailResponse, SampleDetailResponse, SampleListResponse } from '@/lib/problem/problem-types';

// Query keys and fetchers of the problem drill-down (under the study's key, so a study's cache
// entries go together).

export interface ProblemScope {
  setting?: string;
  scale?: string;
}

function search(params: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  return s.size ? `?${s}` : '';
}

export const problemQuery = (studyId: number, problemId: number, scope: ProblemScope) =>
  queryOptions({
    queryKey: ['studies', studyId, 'problems', problemId, search({ ...scope })] as const,
    queryFn: ({ signal }) =>
      apiGet<ProblemDetailResponse>(`/api/studies/${studyId}/problems/${problemId}${search({ ...scope })}`, signal),
  });

export interface SamplesFilter {
  checkpoint?: number;
  verdict?: string;
  page?: number;
}

export const samplesQuery = (studyId: number, problemId: number, filter: SamplesFilter) =>
  queryOptions({
    queryKey: ['studies', studyId, 'problems', problemId, 'samples', search({ ...filter })] as const,
    queryFn: ({ signal }) =>
      apiGet<SampleListResponse>(
        `/api/studies/${studyId}/problems/${problemId}/samples${search({ ...filter })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const sampleQuery = (studyId: number, problemId: number, runId: number, idx: number) =>
  queryOptions({
    queryKey: ['studies', studyId, 'problems', problemId, 'sample', runId, idx] as const,
    queryFn: ({ signal }) =>
      apiGet<SampleDetailResponse>(`/api/studies/${studyId}/problems/${problemId}/samples/${runId}/${idx}`, signal),
    // A judged sample never changes; a pending one is refetched when the user comes back.
    staleTime: 5 * 60_000,
  });

/** A sample's key in the URL: "runId.idx". */
export function sampleKey(s: { runId: number; idx: number }): string {
  return `${s.runId}.${s.idx}`;
}

export function parseSampleKey(value: string | null): { runId: number; idx: number } | null {
  const m = value ? /^([1-9]\d{0,9})\.(0|[1-9]\d{0,8})$/.exec(value) : null;
  return m ? { runId: Number(m[1]), idx: Number(m[2]) } : null;
}
