import type { TaskList } from 'graphile-worker';
import { JOB_KINDS, type JobKind } from '@frontier/core';
import { taskFor } from '@frontier/db';
import type { TaskContext } from './context';
import { pipelineTask, type Step } from './pipeline-task';
import { aggregateStep } from './steps/aggregate';
import { generateStep } from './steps/generate';
import { judgeStep } from './steps/judge';
import { mergeStep } from './steps/merge';
import { refineStep } from './steps/refine';

const STEPS: Record<JobKind, Step> = {
  merge: mergeStep,
  generate: generateStep,
  judge: judgeStep,
  aggregate: aggregateStep,
  refine: refineStep,
};

/** One graphile-worker task per job kind, under the identifiers jobs are queued with. */
export function taskList(ctx: TaskContext, kinds: readonly JobKind[] = JOB_KINDS): TaskList {
  return Object.fromEntries(kinds.map((kind) => [taskFor(kind), pipelineTask(kind, STEPS[kind], ctx)]));
}
