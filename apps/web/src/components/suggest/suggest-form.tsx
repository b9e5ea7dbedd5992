'use client';

import { RANGE_MARGIN } from '@frontier/core';
import { useState, type FormEvent } from 'react';
import { checkSuggestFields, type FieldErrors, type SuggestFields } from '@/lib/suggest/suggest-forms';
import type { SuggestView } from '@/lib/frontier/suggest-state';
import { Field } from './field';

interface Props {
  count: number;
  range: [number, number];
  /** The range is core's default for these data (no range in the URL). */
  defaultRange: boolean;
  k: number;
  onApply: (view: Required<SuggestView>) => void;
}

const fieldsOf = (count: number, [lo, hi]: [number, number]): SuggestFields => ({
  count: String(count),
  lo: String(lo),
  hi: String(hi),
});

/** Count and range of the proposals; applied (to the URL) on submit only, so typing computes nothing. */
export function SuggestForm({ count, range, defaultRange, k, onApply }: Props) {
  const [fields, setFields] = useState(() => fieldsOf(count, range));
  const [errors, setErrors] = useState<FieldErrors<keyof SuggestFields>>({});
  // A new count or range from the URL (back/forward, a link) refills the fields.
  const applied = `${count}|${range[0]}|${range[1]}`;
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setFields(fieldsOf(count, range));
    setErrors({});
  }

  const edit = (key: keyof SuggestFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSuggestFields(fields);
    if (checked.ok) {
      setErrors({});
      onApply(checked.value);
    } else setErrors(checked.errors);
  };

  return (
    <form className="suggest-form" onSubmit={submit} noValidate data-testid="suggest-form">
      <Field
        label="Alphas to propose"
        value={fields.count}
        onChange={edit('count')}
        error={errors.count}
        testId="suggest-count"
        width="3.5rem"
      />
      <Field label="from α" value={fields.lo} onChange={edit('lo')} error={errors.lo} testId="suggest-lo" />
      <Field label="to α" value={fields.hi} onChange={edit('hi')} error={errors.hi} testId="suggest-hi" />
      <span className="muted suggest-k" data-testid="suggest-range-note">
        maximising pass@{k} (the k above)
        {defaultRange &&
          `; the default range: the evaluated alphas and both endpoints, ${RANGE_MARGIN} wider on each side`}
      </span>
      <button type="submit" data-testid="suggest-apply">
        Suggest
      </button>
    </form>
  );
}
