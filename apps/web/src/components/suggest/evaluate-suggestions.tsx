'use client';

import { plural } from '@frontier/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiPost } from '@/lib/api/api-post';
import type { EvaluateResponse } from '@/lib/jobs/jobs-api';
import { formatAlpha } from '@/lib/format';

const alphaList = (alphas: readonly number[]) => alphas.map((a) => `α = ${formatAlpha(a)}`).join(', ');

/**
 * "Evaluate these": queues the proposals through the evaluate route (merge -> generate -> judge
 * -> aggregate per alpha), then says what it queued. The route is idempotent, so an alpha that
 * already has a chain is answered with it and named as such.
 */
export function EvaluateSuggestions({ studyId, alphas }: { studyId: number; alphas: readonly number[] }) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<EvaluateResponse['chains'] | null>(null);
  const evaluate = useMutation({
    mutationFn: (list: readonly number[]) =>
      apiPost<EvaluateResponse>(`/api/studies/${studyId}/evaluate`, { alphas: list.map(String).join(', ') }),
    onSuccess: (res) => {
      setAnswer(res.chains);
      // The queued alphas join the policy's exclusions, and the header's progress starts polling.
      return queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
  const queued = answer?.filter((c) => !c.existing) ?? [];
  const existing = answer?.filter((c) => c.existing) ?? [];
  return (
    <div className="suggest-action">
      <button
        type="button"
        data-testid="evaluate-suggestions"
        disabled={evaluate.isPending || alphas.length === 0}
        onClick={() => evaluate.mutate(alphas)}
      >
        {evaluate.isPending ? 'Queuing…' : `Evaluate these (${alphas.length})`}
      </button>
      {evaluate.error && (
        <span className="field-error" role="alert" data-testid="evaluate-suggestions-error">
          {evaluate.error.message}
        </span>
      )}
      {answer && !evaluate.isPending && (
        <p data-testid="evaluate-suggestions-result" data-queued={queued.map((c) => c.alpha).join(',')}>
          {queued.length > 0
            ? `Queued ${alphaList(queued.map((c) => c.alpha))} (${plural(
                queued.reduce((n, c) => n + c.jobIds.length, 0),
                'job',
              )}).`
            : 'Nothing new was queued.'}
          {existing.length > 0 && ` Already had a chain: ${alphaList(existing.map((c) => c.alpha))}.`}{' '}
          <Link href={`/studies/${studyId}/jobs`} data-testid="evaluate-suggestions-jobs">
            Follow them in the Jobs tab
          </Link>
          ; each point joins the plots when its chain is done, and the suggestions above leave queued alphas out.
        </p>
      )}
    </div>
  );
}
