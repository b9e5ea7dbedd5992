import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api/api-post';
import type { JobSummary } from '@/lib/jobs/job-summary';

/** Cancels a job (and the steps after it), then refreshes every job list. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<{ job: JobSummary; cancelled: number }>(`/api/jobs/${id}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
