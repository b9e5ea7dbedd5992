// @frontier/pipeline: the evaluation pipeline's work (merge -> generate -> judge -> aggregate)
// and the worker loop that runs it from the shared Postgres queue. The worker app runs it as a
// process; the CLI runs it in process (`frontier worker`, waiting for an import's aggregation).
export { startWorker, drainJobs, surviveOutageRejections, type WorkerHandle, type WorkerOptions } from './run-worker';
export { lazyJudge } from './judge-instance';
export type { TaskContext } from './context';
export { storedChecker } from './judge-benchmark';
