'use client';

import { exclusionReasonProblem, formatTimestamp } from '@frontier/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useCan } from '@/components/caller-context';
import { apiSend } from '@/lib/api/api-post';
import type { ExclusionChangeResponse } from '@/lib/exclusions/exclusions-api';
import type { ProblemDetailResponse } from '@/lib/problem/problem-types';
import { useHydrated } from '@/lib/use-hydrated';

interface Props {
  studyId: number;
  externalId: string;
  exclusion: ProblemDetailResponse['exclusion'];
}

/**
 * The drill-down's word on whether the problem counts: a banner with the reason when the study
 * excludes it, and for editors the control to exclude it (a reason is required) or count it again.
 * Every view of the study reads its data again afterwards (the data version moved).
 */
export function ProblemExclusion({ studyId, externalId, exclusion }: Props) {
  const canWrite = useCan('write');
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: { exclude: boolean; reason?: string }) =>
      apiSend<ExclusionChangeResponse>(
        body.exclude ? 'POST' : 'DELETE',
        `/api/studies/${studyId}/exclusions`,
        body.exclude ? { problems: [{ id: externalId, reason: body.reason }] } : { problems: [externalId] },
      ),
    onSuccess: () => {
      setOpen(false);
      setReason('');
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['studies', studyId] }),
        queryClient.invalidateQueries({ queryKey: ['studies'], exact: true }),
      ]);
    },
    onError: (err) => setError(err.message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = exclusionReasonProblem(reason);
    if (problem) return setError(`The reason ${problem}.`);
    setError(null);
    change.mutate({ exclude: true, reason: reason.trim() });
  };

  if (exclusion)
    return (
      <div className="banner banner-excluded" role="note" data-testid="excluded-banner">
        <span>
          <strong>Excluded from this study:</strong> <span data-testid="excluded-reason">{exclusion.reason}</span>.{' '}
          <span className="muted small">
            Left out of every number of the study (frontier, solve matrix, triage, ensembles, suggestions, exports)
            {exclusion.by ? `; by ${exclusion.by}` : ''}, {formatTimestamp(exclusion.at)}.
          </span>
        </span>
        {canWrite && (
          <button
            type="button"
            data-testid="include-again"
            disabled={!hydrated || change.isPending}
            onClick={() => change.mutate({ exclude: false })}
          >
            {change.isPending && !change.variables.exclude ? 'Including…' : 'Include again'}
          </button>
        )}
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    );
  if (!canWrite) return null;
  if (!open)
    return (
      <button
        type="button"
        className="link-button exclude-open"
        data-testid="exclude-open"
        disabled={!hydrated}
        title="Leave this problem out of every number of the study (e.g. its tests accept several outputs); its samples stay here"
        onClick={() => setOpen(true)}
      >
        Exclude from this study…
      </button>
    );
  return (
    <form className="exclude-form" onSubmit={submit} noValidate data-testid="exclude-form">
      <label htmlFor={`${id}-reason`}>Why leave it out?</label>
      <input
        id={`${id}-reason`}
        data-testid="exclude-reason"
        value={reason}
        autoFocus
        placeholder="e.g. tests accept several outputs"
        maxLength={500}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" data-testid="exclude-submit" disabled={change.isPending}>
        {change.isPending && change.variables.exclude ? 'Excluding…' : 'Exclude'}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert" data-testid="exclude-error">
          {error}
        </span>
      )}
    </form>
  );
}
