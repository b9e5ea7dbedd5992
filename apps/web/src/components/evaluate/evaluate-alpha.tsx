'use client';

import { parseAlphaList } from '@frontier/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiPost } from '@/lib/api/api-post';
import type { EvaluateResponse } from '@/lib/jobs/jobs-api';
import { useHydrated } from '@/lib/use-hydrated';
import type { SettingRow } from '@/server/evaluation-settings';
import { EvaluationSettings } from './evaluation-settings';
import { useEvaluateSubmissions } from './evaluate-submissions';

const HINT =
  'Merges the endpoints at each alpha, then generates, judges and aggregates; the point joins the frontier when done.';

/**
 * "Evaluate alpha", in the study's toolbar: queues merge -> generate -> judge -> aggregate for one
 * alpha or a list; EvaluateStatus follows those chains. The point reaches the frontier when its
 * chain completes (PipelineStatus refreshes the study's queries then).
 */
export function EvaluateAlpha({ studyId, settings }: { studyId: number; settings: SettingRow[] | null }) {
  const queryClient = useQueryClient();
  const errorId = useId();
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const submissions = useEvaluateSubmissions();

  const evaluate = useMutation({
    mutationFn: (alphas: string) => apiPost<EvaluateResponse>(`/api/studies/${studyId}/evaluate`, { alphas }),
    onSuccess: (res) => {
      submissions.add(res.chains);
      setText('');
      return queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
    onError: (err) => setInputError(err.message),
  });

  if (!settings) {
    return (
      <p
        className="muted evaluate-unavailable"
        data-testid="evaluate-unavailable"
        title="This study has no evaluation settings (its results were imported), so new alphas cannot be evaluated here."
      >
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
    </div>
  );
}
