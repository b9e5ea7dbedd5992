import { importStudy, jobByKey, type ImportSummary, type OpenDatabase, type StudyImport } from '@frontier/db';
import { drainTasks, lazyJudge } from '@frontier/worker';
import { progressBar } from '../progress';
import { env } from '../env';

// Imports, then makes sure the queued aggregation has run (here, or by a worker that took the
// job first) so the numbers are in the browser when the command returns.
export async function runImport(opened: OpenDatabase, input: StudyImport, expectedSamples?: number): Promise<ImportSummary> {
  const bar = progressBar('importing');
  bar.start(expectedSamples ?? input.runs.length);
  const summary = await importStudy(opened.db.pool, input, (p) => bar.update(expectedSamples ? p.samples : p.run + 1));
  bar.stop();
  if (summary.aggregateJobKey) await waitForAggregation(opened, summary.aggregateJobKey);
  return summary;
}

async function waitForAggregation(opened: OpenDatabase, jobKey: string): Promise<void> {
  const ctx = { db: opened.db, dataDir: env().FRONTIER_DATA_DIR, judge: lazyJudge(env().FRONTIER_DATA_DIR).get };
  for (let i = 0; ; i++) {
    await drainTasks(ctx, ['aggregate']);
    const job = await jobByKey(opened.db.pool, jobKey);
    if (!job) return;
    if (job.attempts >= job.maxAttempts) throw new Error(`aggregation failed: ${job.lastError ?? 'unknown error'}`);
    await new Promise((r) => setTimeout(r, Math.min(1000, 50 * (i + 1))));
  }
}
