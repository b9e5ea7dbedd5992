'use client';

import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  placeholder?: string;
  width?: string;
}

/** A labelled text input with its error beside it (the evaluate form's pattern: aria-invalid, role=alert). */
export function Field({ label, value, onChange, error, testId, placeholder, width = '5rem' }: Props) {
  const id = useId();
  return (
    <label className="suggest-field" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        style={{ width }}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}
