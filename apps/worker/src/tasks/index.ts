import type { TaskList } from 'graphile-worker';
import { aggregateTask } from './aggregate';
import type { TaskContext } from './context';

export type { TaskContext };

// One module per task type; the identifiers are what jobs are queued under.
export function taskList(ctx: TaskContext): TaskList {
  return {
    aggregate: aggregateTask(ctx),
  };
}
