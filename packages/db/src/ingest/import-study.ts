import type { Db } from '../client';
import { queueImportJobs } from '../pipeline/import-jobs';
import { copySamples, type SampleRow } from './copy-samples';
import type { ImportOptions, ImportSummary, ProblemSamples, StudyImport } from './types';
import { linkParents, upsertBenchmark, upsertCheckpoint, upsertProblems, upsertRun, upsertStudy } from './upserts';
import { withTransaction } from '../transaction';

const BATCH_SAMPLES = 20_000;

// Imports a whole sweep in one transaction: any error (a bad record deep in the last file
// included) rolls everything back. A run whose source hash matches what is stored is skipped,
// so importing the same files again changes nothing. Aggregation (and judging of samples that
// came without a verdict) is queued as pipeline jobs in the same transaction, for the workers.
export async function importStudy(
  db: Db,
  input: StudyImport,
  { onProgress, createdById, queuedVia }: ImportOptions = {},
): Promise<ImportSummary> {
  return withTransaction(db.pool, async (client) => {
    const studyId = await upsertStudy(client, input.study);
    const benchmarkId = await upsertBenchmark(client, input.benchmark);
    const summary: ImportSummary = { studyId, problems: 0, runs: 0, unchangedRuns: 0, samples: 0, runIds: [] };
    const problemIds = new Set<number>();
    // A file's hash decides whether its run is skipped, so it is known before the file is parsed;
    // the next file is hashed meanwhile, while this one is parsed and copied. Hashed one at a
    // time, each ~0.5 GB file of a 10M import left Postgres idle for the seconds it took to read.
    const startHash = (run: StudyImport['runs'][number] | undefined): Promise<string> | undefined => {
      if (!run) return undefined;
      const hash = typeof run.sourceHash === 'string' ? Promise.resolve(run.sourceHash) : run.sourceHash();
      hash.catch(() => {}); // awaited when its run comes; avoid an unhandled rejection meanwhile
      return hash;
    };
    let nextHash = startHash(input.runs[0]);
    for (const [i, run] of input.runs.entries()) {
      const checkpointId = await upsertCheckpoint(client, studyId, run.checkpoint);
      const { id: runId, sourceHash } = await upsertRun(
        client,
        checkpointId,
        benchmarkId,
        run.setting,
        run.sampling ?? {},
      );
      summary.runs++;
      summary.runIds.push(runId);
      const hash = (await nextHash)!;
      nextHash = startHash(input.runs[i + 1]);
      if (sourceHash === hash) {
        summary.unchangedRuns++;
        continue;
      }
      await client.query('DELETE FROM sample WHERE run_id = $1', [runId]);
      let batch: ProblemSamples[] = [];
      let batchSize = 0;
      // The COPY of one batch runs on the server while the next batch is parsed here: the two
      // cores work at once. Problem upserts wait for the previous COPY (one connection, one
      // statement at a time).
      let copying: Promise<void> = Promise.resolve();
      const flush = async () => {
        const items = batch;
        batch = [];
        batchSize = 0;
        await copying;
        const ids = await upsertProblems(
          client,
          benchmarkId,
          items.map((b) => b.problem),
        );
        const rows: SampleRow[] = [];
        for (const { problem, samples } of items) {
          const problemId = ids.get(problem.externalId)!;
          problemIds.add(problemId);
          for (const sample of samples) rows.push({ problemId, sample });
        }
        copying = copySamples(client, runId, rows).then(() => {
          summary.samples += rows.length;
          onProgress?.({ run: i, runs: input.runs.length, source: run.source, samples: summary.samples });
        });
        copying.catch(() => {}); // awaited below; avoid an unhandled rejection meanwhile
      };
      for await (const item of run.problems()) {
        batch.push(item);
        batchSize += item.samples.length;
        if (batchSize >= BATCH_SAMPLES) await flush();
      }
      if (batch.length) await flush();
      await copying;
      await client.query('UPDATE eval_run SET source_hash = $2 WHERE id = $1', [runId, hash]);
    }
    await linkParents(client, studyId);
    const changed = summary.runs - summary.unchangedRuns;
    if (changed > 0) {
      // Samples imported without a verdict are judged by the worker against the benchmark's tests.
      const { rows } = await client.query<{ run_id: number; n: string }>(
        'SELECT run_id, count(*) AS n FROM sample WHERE run_id = ANY($1::int[]) AND verdict IS NULL GROUP BY run_id',
        [summary.runIds],
      );
      if (rows.length) summary.unjudgedSamples = rows.reduce((sum, r) => sum + Number(r.n), 0);
      const jobs = await queueImportJobs(
        client,
        studyId,
        summary.runIds,
        rows.map((r) => r.run_id),
        { createdById, queuedVia },
      );
      summary.aggregateJobId = jobs.aggregateJobId;
      if (jobs.judgeJobIds.length) summary.judgeJobIds = jobs.judgeJobIds;
    }
    summary.problems = problemIds.size;
    return summary;
  });
}
