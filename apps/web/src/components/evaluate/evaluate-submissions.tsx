'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import type { EvaluateResponse } from '@/lib/jobs/jobs-api';

type Submitted = EvaluateResponse['chains'];

interface Submissions {
  submitted: Submitted;
  /** The chains of one answer, newest first, replacing earlier ones of the same alphas. */
  add: (chains: Submitted) => void;
  clear: () => void;
}

const SubmissionsContext = createContext<Submissions | null>(null);

/**
 * The chains this page queued with "Evaluate alpha": the form sits in the header's toolbar, and
 * their one-line status beside the tabs, so the header stays one row however many are followed.
 */
export function EvaluateSubmissionsProvider({ children }: { children: ReactNode }) {
  const [submitted, setSubmitted] = useState<Submitted>([]);
  const value: Submissions = {
    submitted,
    add: (chains) =>
      setSubmitted((prev) => [...chains, ...prev.filter((c) => !chains.some((n) => n.alpha === c.alpha))]),
    clear: () => setSubmitted([]),
  };
  return <SubmissionsContext value={value}>{children}</SubmissionsContext>;
}

export function useEvaluateSubmissions(): Submissions {
  const value = useContext(SubmissionsContext);
  if (!value) throw new Error('useEvaluateSubmissions needs an EvaluateSubmissionsProvider above it');
  return value;
}
