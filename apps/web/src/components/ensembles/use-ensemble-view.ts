'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import {
  computeEnsembleView,
  MAX_VIEW_BUDGET,
  type EnsembleInput,
  type EnsembleView,
} from '@/lib/ensembles/ensemble-view';
import type { EnsembleWorkerRequest, EnsembleWorkerResponse } from '@/lib/ensembles/ensemble.worker';
import { ENSEMBLE_WORKERS, startEnsembleWorker } from '@/lib/ensembles/ensemble-worker';
import type { StudyData } from '@frontier/core';

// Small studies are computed in a useMemo on the main thread; above this many (checkpoint x
// problem x budget) cells (about 100 ms of work) the computation goes to a Web Worker, so the
// page stays responsive while it runs.
const MAIN_THREAD_LIMIT = 3_000_000;

export interface EnsembleState {
  view: EnsembleView | null;
  /** A computation for the current inputs is still running (the previous view is shown). */
  computing: boolean;
  error: string | null;
  where: 'main thread' | 'web worker';
  ms: number | null;
}

export function useEnsembleView(data: StudyData | undefined, input: EnsembleInput): EnsembleState {
  const cells = data
    ? data.checkpoints.length * data.problems.length * Math.min(input.budget ?? MAX_VIEW_BUDGET, MAX_VIEW_BUDGET)
    : 0;
  const inWorker = cells > MAIN_THREAD_LIMIT && ENSEMBLE_WORKERS;
  const key = JSON.stringify(input);

  const sync = useMemo(() => {
    if (!data || inWorker) return null;
    try {
      return { view: computeEnsembleView(data, JSON.parse(key) as EnsembleInput), error: null, ms: null };
    } catch (err) {
      return { view: null, error: err instanceof Error ? err.message : String(err), ms: null };
    }
  }, [data, key, inWorker]);

  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const [result, setResult] = useState<{
    id: number;
    key: string;
    view: EnsembleView | null;
    error: string | null;
    ms: number | null;
  } | null>(null);

  useEffect(() => {
    if (!inWorker || !data) return;
    const w = startEnsembleWorker();
    worker.current = w;
    w.postMessage({ type: 'data', data } satisfies EnsembleWorkerRequest);
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, [data, inWorker]);

  useEffect(() => {
    const w = worker.current;
    if (!inWorker || !w) return;
    const id = ++seq.current;
    const onMessage = (e: MessageEvent<EnsembleWorkerResponse>) => {
      if (e.data.id !== id) return;
      setResult(
        e.data.ok
          ? { id, key, view: e.data.view, error: null, ms: e.data.ms }
          : { id, key, view: null, error: e.data.message, ms: null },
      );
    };
    w.addEventListener('message', onMessage);
    w.postMessage({ type: 'compute', id, input: JSON.parse(key) as EnsembleInput } satisfies EnsembleWorkerRequest);
    return () => w.removeEventListener('message', onMessage);
  }, [key, inWorker, data]);

  if (!inWorker)
    return {
      view: sync?.view ?? null,
      computing: false,
      error: sync?.error ?? null,
      where: 'main thread',
      ms: sync?.ms ?? null,
    };
  return {
    view: result?.view ?? null,
    computing: result?.key !== key,
    error: result?.error ?? null,
    where: 'web worker',
    ms: result?.ms ?? null,
  };
}
