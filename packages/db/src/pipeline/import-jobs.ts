import type { Queryable } from '../queryable';
import { insertChain, type JobOrigin } from './job-rows';

export interface ImportJobs {
  /** Aggregates the imported runs now: the numbers are in the views when it succeeds. */
  aggregateJobId: number;
  /**
   * Judge the samples imported without a verdict, one job per run that has some (each followed by
   * an aggregation of its run), in run id order; empty when every sample came with a verdict.
   */
  judgeJobIds: number[];
}

// The jobs an import leaves for the workers, inserted in the import's transaction: the same
// pipeline jobs as an evaluation's (shown in Jobs, retried, cancellable), on given runs instead
// of an alpha. Judging is a chain per run, as an evaluation's is per alpha, so that as many
// workers (processes, machines) as the import has runs to judge share the work; a run's samples
// are judged by the one job that holds it (see the judge step), so none is judged twice.
export async function queueImportJobs(
  client: Queryable,
  studyId: number,
  runIds: readonly number[],
  withUnjudged: readonly number[],
  origin: JobOrigin = {},
): Promise<ImportJobs> {
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const [aggregateJobId] = await insertChain(client, studyId, null, ['aggregate'], { runIds: sorted(runIds) }, origin);
  const judgeJobIds: number[] = [];
  for (const runId of sorted(withUnjudged)) {
    const [judgeJobId] = await insertChain(client, studyId, null, ['judge', 'aggregate'], { runIds: [runId] }, origin);
    judgeJobIds.push(judgeJobId!);
  }
  return { aggregateJobId: aggregateJobId!, judgeJobIds };
}
