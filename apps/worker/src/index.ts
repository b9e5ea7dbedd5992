export { startWorker, drainTasks, type WorkerHandle } from './run-worker';
export { taskList, type TaskContext } from './tasks';
export { lazyJudge } from './judge-instance';
