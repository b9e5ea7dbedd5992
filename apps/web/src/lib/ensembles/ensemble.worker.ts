/// <reference lib="webworker" />
import { computeEnsembleView, type EnsembleInput } from './ensemble-view';
import type { StudyData } from '@frontier/core';

// Runs computeEnsembleView off the main thread: with 41 checkpoints x 1000 problems at B = 250
// the optimised allocation (greedy per k, and once per candidate for the "next" ranking) takes
// about a second. The study data is sent once per change, the inputs per computation.

export type EnsembleWorkerRequest =
  { type: 'data'; data: StudyData } | { type: 'compute'; id: number; input: EnsembleInput };
export type EnsembleWorkerResponse =
  | { id: number; ok: true; view: ReturnType<typeof computeEnsembleView>; ms: number }
  | { id: number; ok: false; message: string };

let data: StudyData | undefined;

self.onmessage = (event: MessageEvent<EnsembleWorkerRequest>) => {
  const msg = event.data;
  if (msg.type === 'data') {
    data = msg.data;
    return;
  }
  const reply = (r: EnsembleWorkerResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(r);
  if (!data) return reply({ id: msg.id, ok: false, message: 'no study data in the worker' });
  try {
    const t0 = performance.now();
    const view = computeEnsembleView(data, msg.input);
    reply({ id: msg.id, ok: true, view, ms: performance.now() - t0 });
  } catch (err) {
    reply({ id: msg.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
