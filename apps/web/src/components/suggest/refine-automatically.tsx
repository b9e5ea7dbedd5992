'use client';

import { MAX_REFINE_ALPHAS, type RefineSettings } from '@frontier/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { apiPost } from '@/lib/api/api-post';
import type { JobSummary } from '@/lib/jobs/job-summary';
import { refineRequest, type FieldErrors, type RefineContext, type RefineFields } from '@/lib/suggest/suggest-forms';
import { Field } from './field';

interface Props {
  studyId: number;
  /** The panel's k, count, range, setting and scale: every round proposes as the panel does. */
  context: RefineContext;
  /** The difficulty filter on screen, which the run does not apply. */
  difficulty?: string;
}

/**
 * "Refine automatically": one 'refine' job that runs rounds (suggest, evaluate, re-estimate)
 * until its budget is spent or the best alpha's interval is narrow enough. It shows in Jobs,
 * where it can be cancelled.
 */
export function RefineAutomatically({ studyId, context, difficulty }: Props) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<RefineFields>({ budget: '', targetWidth: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof RefineFields | 'form'>>({});
  const refine = useMutation({
    mutationFn: (body: RefineSettings) => apiPost<{ job: JobSummary }>(`/api/studies/${studyId}/refine`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
  const edit = (key: keyof RefineFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = refineRequest(fields, context);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    refine.mutate(checked.value);
  };
  const [lo, hi] = context.range;
  const problem = errors.form ?? refine.error?.message;
  return (
    <details className="refine-automatically" data-testid="refine-automatically">
      <summary>Refine automatically…</summary>
      <p className="muted small">
        Rounds of {context.count} proposals in [{lo}, {hi}] maximising pass@{context.k}
        {context.setting ? `, setting ${context.setting}` : ''}
        {context.scale ? `, scale ${context.scale}` : ''}
        {(context.from !== undefined || context.to !== undefined) &&
          `, over problems released ${context.from ?? 'any time'} to ${context.to ?? 'now'}`}
        : each round evaluates its proposals, then re-estimates. Stops when the budget is spent or the best alpha&apos;s
        95% interval is narrower than the target (an open interval counts out to where the peak may lie).
        {difficulty !== undefined && ` The run reads every problem, not only the ${difficulty} ones shown here.`}
      </p>
      <form className="suggest-form" onSubmit={submit} noValidate>
        <Field
          label={`Budget (alphas, 1–${MAX_REFINE_ALPHAS})`}
          value={fields.budget}
          onChange={edit('budget')}
          error={errors.budget}
          testId="refine-budget"
          width="4rem"
        />
        <Field
          label="Target interval width (optional)"
          value={fields.targetWidth}
          onChange={edit('targetWidth')}
          error={errors.targetWidth}
          testId="refine-target"
          placeholder="e.g. 0.25"
        />
        <button type="submit" data-testid="refine-submit" disabled={refine.isPending}>
          {refine.isPending ? 'Queuing…' : 'Start refining'}
        </button>
      </form>
      {problem && (
        <p className="field-error" role="alert" data-testid="refine-error">
          {problem}
        </p>
      )}
      {refine.data && !refine.isPending && (
        <p data-testid="refine-result" data-job-id={refine.data.job.id}>
          Refinement queued as job {refine.data.job.id}. <Link href={`/studies/${studyId}/jobs`}>The Jobs tab</Link>{' '}
          shows its rounds and can cancel it.
        </p>
      )}
    </details>
  );
}
