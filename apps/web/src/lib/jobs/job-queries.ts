import { isActiveJobState } from '@frontier/core';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/api-fetch';
import type { JobsResponse } from './jobs-api';

// Pipeline jobs, polled every second while any is queued or running and not at all otherwise
// (an evaluation started from this tab invalidates ['jobs'], which starts the polling again).

export const JOBS_POLL_MS = 1_000;

export const jobsKey = (studyId?: number) => ['jobs', studyId ?? 'all'] as const;

export const jobsQuery = (studyId?: number) =>
  queryOptions({
    queryKey: jobsKey(studyId),
    queryFn: async ({ signal }) =>
      (await apiGet<JobsResponse>(studyId === undefined ? '/api/jobs' : `/api/jobs?study=${studyId}`, signal)).jobs,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((j) => isActiveJobState(j.state)) ? JOBS_POLL_MS : false),
  });
