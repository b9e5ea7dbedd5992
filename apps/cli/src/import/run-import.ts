import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { getJob, importStudy, type ImportSummary, type OpenDatabase, type StudyImport } from '@frontier/db';
import { DiskFullError, isOutOfSpace } from '@frontier/disk';
import { drainJobs } from '@frontier/pipeline';
import { pipelineContext } from '../pipeline-context';
import { progressBar } from '../progress';

// Imports, then makes sure the queued aggregation has run (here, or by a worker that took the
// job first) so the numbers are in the browser when the command returns.
export async function runImport(opened: OpenDatabase, input: StudyImport, expectedSamples?: number): Promise<ImportSummary> {
  const bar = progressBar('importing');
  bar.start(expectedSamples ?? input.runs.length);
  const summary = await importStudy(opened.db, input, { onProgress: (p) => bar.update(expectedSamples ? p.samples : p.run + 1) }).catch(async (err: unknown) => {
    throw await databaseDiskFull(err, input);
  }).finally(() => bar.stop());
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
      if (job.state === 'FAILED' || job.state === 'CANCELLED') throw new Error(`aggregation (job ${jobId}) ${job.state.toLowerCase()}: ${job.error ?? 'unknown error'}`);
      await new Promise((r) => setTimeout(r, Math.min(1000, 50 * (i + 1))));
    }
  } finally {
    await close();
  }
}

// Import writes no file of its own: it streams into Postgres, so the disk that fills is the
// database server's (SQLSTATE 53100, "could not extend file ...: No space left on device"). The
// import is one transaction, rolled back: what it needs is about the size of its files.
async function databaseDiskFull(err: unknown, input: StudyImport): Promise<unknown> {
  if (!isOutOfSpace(err)) return err;
  const sizes = await Promise.all(input.runs.map((r) => stat(r.source).then((s) => s.size, () => 0)));
  const dataFile = /file "([^"]+)"/.exec((err as Error).message)?.[1];
  const files = input.runs.length === 1 ? basename(input.runs[0]!.source) : `${input.runs.length} files`;
  return new DiskFullError(
    { device: "the database server's disk", path: `${dataFile ? `its data file ${dataFile}, ` : ''}importing ${files}`, neededBytes: sizes.reduce((a, b) => a + b, 0) },
    { cause: err },
  );
}
