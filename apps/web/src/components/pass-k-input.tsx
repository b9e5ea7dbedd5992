'use client';

import { parsePassK } from '@frontier/core';
import { useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';

interface Props {
  k: number;
  /** The samples per problem: pass@k needs k <= n (unknown: no upper bound but core's). */
  maxN?: number;
  onK: (k: number) => void;
}

/**
 * The k of pass@k. A value it cannot take (0, a fraction, more than the samples per problem)
 * stays in the box with the reason beside it, and the view keeps the last good k; a link whose
 * ?k= was refused says so too, instead of silently showing pass@1.
 */
export function PassKInput({ k, maxN, onK }: Props) {
  const errorId = useId();
  // What the reader typed, while it differs from the view's k (null: the box shows k).
  const [typed, setTyped] = useState<string | null>(null);
  const urlK = useSearchParams().get('k');
  const checkedTyped = typed === null ? null : parsePassK(typed, maxN);
  const checkedUrl = typed === null && urlK !== null ? parsePassK(urlK, maxN) : null;
  let message: string | null = null;
  if (checkedTyped && !checkedTyped.ok) message = `${checkedTyped.message}; still showing pass@${k}.`;
  // A link's k above n is still the view's k (its pass@k reads undefined); any other is replaced.
  else if (checkedUrl && !checkedUrl.ok)
    message = `This link's k=${urlK}: ${checkedUrl.message}${String(k) === urlK ? '' : `; showing pass@${k} instead`}.`;
  return (
    <>
      <label className="k-label">
        pass@
        <input
          data-testid="k-input"
          type="number"
          min={1}
          max={maxN}
          step={1}
          value={typed ?? k}
          aria-invalid={message !== null}
          aria-describedby={message ? errorId : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            const next = parsePassK(e.target.value, maxN);
            if (next.ok) onK(next.k);
          }}
          onBlur={() => {
            if (checkedTyped?.ok) setTyped(null);
          }}
        />
      </label>
      {message && (
        <span id={errorId} className="field-error k-error" role="alert" data-testid="k-error">
          {message}
        </span>
      )}
    </>
  );
}
