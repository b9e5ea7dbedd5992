// lib/ensembles/ensemble-worker.ts in the offline copy: no worker script to start from a file.

export const ENSEMBLE_WORKERS = false;

export function startEnsembleWorker(): Worker {
  throw new Error('an offline copy computes ensembles on the main thread');
}
