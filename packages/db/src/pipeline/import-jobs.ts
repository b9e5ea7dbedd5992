import type { Queryable } from '../queryable';
import { insertChain } from './job-rows';

export interface ImportJobs {
  /** Aggregates the imported runs now: the numbers are in the views when it succeeds. */
  aggregateJobId: number;
  /** Judges the samples imported without a verdict, then aggregates again. */
  judgeJobId?: number;
}

// The jobs an import leaves for the workers, inserted in the import's transaction: the same
// pipeline jobs as an evaluation's (shown in Jobs, retried, cancellable), on given runs instead
// of an alpha.
export async function queueImportJobs(
  client: Queryable,
  studyId: number,
  runIds: readonly number[],
  withUnjudged: readonly number[],
  createdById?: string | null,
): Promise<ImportJobs> {
  const runs = (ids: readonly number[]) => ({ runIds: [...new Set(ids)].sort((a, b) => a - b) });
  const [aggregateJobId] = await insertChain(client, studyId, null, ['aggregate'], runs(runIds), createdById);
  if (withUnjudged.length === 0) return { aggregateJobId: aggregateJobId! };
  const [judgeJobId] = await insertChain(client, studyId, null, ['judge', 'aggregate'], runs(withUnjudged), createdById);
  return { aggregateJobId: aggregateJobId!, judgeJobId };
}
