// Where the ensembles tab computes a big study's view: a Web Worker running ensemble.worker.ts.
// The offline copy replaces this module (viewer/no-ensemble-worker.ts): a file opened from disk
// has no worker script beside it, so it computes on the main thread.

export const ENSEMBLE_WORKERS = typeof Worker !== 'undefined';

export function startEnsembleWorker(): Worker {
  return new Worker(new URL('./ensemble.worker.ts', import.meta.url), { type: 'module' });
}
