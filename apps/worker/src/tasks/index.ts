import type { TaskList } from 'graphile-worker';
import { aggregateStep } from '../pipeline/aggregate-step';
import { generateStep } from '../pipeline/generate-step';
import { judgeStep } from '../pipeline/judge-step';
import { mergeStep } from '../pipeline/merge-step';
import { pipelineTask } from '../pipeline/pipeline-task';
import { aggregateTask } from './aggregate';
import { judgeTask } from './judge';
import type { TaskContext } from './context';

export type { TaskContext };

// One module per task type; the identifiers are what jobs are queued under.
export function taskList(ctx: TaskContext): TaskList {
  return {
    aggregate: aggregateTask(ctx),
    judge: judgeTask(ctx),
    'pipeline:merge': pipelineTask('merge', mergeStep, ctx),
    'pipeline:generate': pipelineTask('generate', generateStep, ctx),
    'pipeline:judge': pipelineTask('judge', judgeStep, ctx),
    'pipeline:aggregate': pipelineTask('aggregate', aggregateStep, ctx),
  };
}
