'use client';

import { parseAlphaList } from '@frontier/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiPost } from '@/lib/api-post';
import type { EvaluateResponse, JobState } from '@/lib/api-types';
import { formatAlpha } from '@/lib/format';
import { groupChains } from '@/lib/job-chains';
import { jobsQuery } from '@/lib/job-queries';
import { useHydrated } from '@/lib/use-hydrated';
import type { SettingRow } from '@/server/evaluation-settings';
import { JobChainCard } from '../jobs/job-chain-card';
import { EvaluationSettings } from './evaluation-settings';

/** What an alpha's existing chain was doing when it was asked for again. */
const STANDING_WORDS: Partial<Record<JobState, string>> = { QUEUED: 'queued', RUNNING: 'running', SUCCEEDED: 'evaluated' };
const HINT = 'Merges the endpoints at each alpha, then generates, judges and aggregates; the point joins the frontier when done.';

/**
 * "Evaluate alpha", in the study's toolbar: queues merge -> generate -> judge -> aggregate for one
 * alpha or a list, then follows those chains in a one-line fold. The point reaches the frontier
 * when its chain completes (PipelineStatus refreshes the study's queries then).
 */
export function EvaluateAlpha({ studyId, settings }: { studyId: number; settings: SettingRow[] | null }) {
  const queryClient = useQueryClient();
  const errorId = useId();
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<EvaluateResponse['chains']>([]);
  const { data: jobs } = useQuery({ ...jobsQuery(studyId), enabled: submitted.length > 0 });

  const evaluate = useMutation({
    mutationFn: (alphas: string) => apiPost<EvaluateResponse>(`/api/studies/${studyId}/evaluate`, { alphas }),
    onSuccess: (res) => {
      setSubmitted((prev) => [...res.chains, ...prev.filter((c) => !res.chains.some((n) => n.alpha === c.alpha))]);
      setText('');
      return queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
    onError: (err) => setInputError(err.message),
  });

  if (!settings) {
    return (
      <p className="muted evaluate-unavailable" data-testid="evaluate-unavailable" title="This study has no evaluation settings (its results were imported), so new alphas cannot be evaluated here.">
        New alphas cannot be evaluated here (imported results)
      </p>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseAlphaList(text);
    if (parsed.ok) {
      setInputError(null);
      evaluate.mutate(text);
    } else {
      setInputError(parsed.message);
    }
  };

  const submittedIds = new Set(submitted.flatMap((c) => c.jobIds));
  const chains = groupChains(jobs ?? []).filter((c) => c.jobs.some((j) => submittedIds.has(j.id)));
  const existing = submitted.filter((c) => c.existing);
  const done = chains.reduce((n, c) => n + c.done, 0);
  const steps = chains.reduce((n, c) => n + c.jobs.length, 0);
  return (
    <div className="evaluate-alpha" data-testid="evaluate-alpha">
      <form className="evaluate-form" onSubmit={submit} noValidate>
        <label htmlFor={`${errorId}-input`}>Evaluate alpha</label>
        <input
          id={`${errorId}-input`}
          data-testid="evaluate-alpha-input"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setInputError(null);
          }}
          placeholder="e.g. 2.5 or 2.5, 3"
          inputMode="decimal"
          autoComplete="off"
          title={HINT}
          // Until hydrated a submit would be a plain GET of the page: keep the form inert until then.
          disabled={!hydrated}
          aria-invalid={inputError !== null}
          aria-describedby={inputError ? errorId : `${errorId}-hint`}
        />
        <button type="submit" data-testid="evaluate-alpha-submit" disabled={!hydrated || evaluate.isPending}>
          {evaluate.isPending ? 'Queuing…' : 'Evaluate'}
        </button>
        {inputError && (
          <span id={errorId} className="field-error evaluate-error" role="alert" data-testid="evaluate-alpha-error">
            {inputError}
          </span>
        )}
      </form>
      <EvaluationSettings rows={settings} hint={<span id={`${errorId}-hint`}>{HINT}</span>} />
      {existing.length > 0 && (
        <span className="muted evaluate-existing" data-testid="evaluate-existing">
          Not queued again, each already has its chain: {existing.map((c) => `α = ${formatAlpha(c.alpha)} (${STANDING_WORDS[c.state] ?? c.state.toLowerCase()})`).join(', ')}.
        </span>
      )}
      {chains.length > 0 && (
        // Folded to one line: the study's tabs stay on screen; the Jobs tab has every job in full.
        <details className="evaluate-chains popover" data-testid="evaluate-chains">
          <summary>
            {chains.length === 1 ? `α = ${formatAlpha(chains[0]!.alpha)}` : `${chains.length} alphas`}: {done} of {steps} steps done
          </summary>
          <div className="popover-panel">
            {chains.map((chain) => (
              <JobChainCard key={chain.id} chain={chain} />
            ))}
            <button type="button" className="link-button" onClick={() => setSubmitted([])} data-testid="evaluate-dismiss">
              Hide these jobs
            </button>
          </div>
        </details>
      )}
    </div>
  );
}
