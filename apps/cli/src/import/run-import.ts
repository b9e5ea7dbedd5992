import { getJob, importStudy, type ImportSummary, type OpenDatabase, type StudyImport } from '@frontier/db';
import { explainDatabaseDiskFull } from '@frontier/disk';
import { drainJobs } from '@frontier/pipeline';
import { pipelineContext } from '../pipeline-context';
import { progressBar } from '../progress';

// Imports, then makes sure the queued aggregation has run (here, or by a worker that took the
// job first) so the numbers are in the browser when the command returns.
export async function runImport(
  opened: OpenDatabase,
  input: StudyImport,
  expectedSamples?: number,
): Promise<ImportSummary> {
  const bar = progressBar('importing');
  bar.start(expectedSamples ?? input.runs.length);
  // A full disk here is the database server's: said as such, with the files' size as what it needs.
  const summary = await importStudy(opened.db, input, {
    queuedVia: 'cli',
    onProgress: (p) => bar.update(expectedSamples ? p.samples : p.run + 1),
  })
    .catch(async (err: unknown) => {
      throw await explainDatabaseDiskFull(
        err,
        input.runs.map((r) => r.source),
      );
    })
    .finally(() => bar.stop());
  if (summary.aggregateJobId !== undefined) await waitForAggregation(opened, summary.aggregateJobId);
  return summary;
}

async function waitForAggregation(opened: OpenDatabase, jobId: number): Promise<void> {
  const { ctx, close } = pipelineContext(opened.db);
  try {
    for (let i = 0; ; i++) {
      await drainJobs(ctx, ['aggregate']);
      const job = await getJob(opened.db, jobId);
      if (!job || job.state === 'SUCCEEDED') return;
      if (job.state === 'FAILED' || job.state === 'CANCELLED')
        throw new Error(`aggregation (job ${jobId}) ${job.state.toLowerCase()}: ${job.error ?? 'unknown error'}`);
      await new Promise((r) => setTimeout(r, Math.min(1000, 50 * (i + 1))));
    }
  } finally {
    await close();
  }
}
