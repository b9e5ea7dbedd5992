import { plural } from '@frontier/core';
import type { Command } from 'commander';
import { cancelJob, findStudy, listJobs, rejudgeStateOf, type PipelineJobRow } from '@frontier/db';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { parseInteger } from '../parse';
import { rejudgeOutcome } from './rejudge';

function bar(job: PipelineJobRow, width = 20): string {
  const frac =
    job.progressTotal > 0 ? Math.min(1, job.progressDone / job.progressTotal) : job.state === 'SUCCEEDED' ? 1 : 0;
  const full = Math.round(frac * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(Math.round(frac * 100)).padStart(3)}%`;
}

export function registerJobs(program: Command): void {
  program
    .command('jobs')
    .description('show pipeline jobs with their progress, or cancel one')
    .option('--study <name>', 'only this study')
    .option('--cancel <id>', 'cancel this job and the steps after it', (v) => parseInteger('--cancel', v))
    .option('--json', 'print JSON')
    .action(async (flags: { study?: string; cancel?: number; json?: boolean }) => {
      await withDatabase(async ({ db }) => {
        if (flags.cancel !== undefined) {
          const n = await cancelJob(db, flags.cancel);
          if (n === 0) throw new CliError(`job ${flags.cancel} does not exist or has already finished`);
          process.stdout.write(`cancelled ${plural(n, 'job')}\n`);
          return;
        }
        const study = flags.study ? await findStudy(db, flags.study) : undefined;
        if (flags.study && !study) throw new CliError(`no study named ${JSON.stringify(flags.study)}`);
        const jobs = await listJobs(db, { studyId: study?.id });
        if (flags.json) return void process.stdout.write(`${JSON.stringify(jobs, null, 2)}\n`);
        if (jobs.length === 0) return void process.stdout.write('no jobs\n');
        for (const j of jobs) {
          const err = j.error && j.state !== 'SUCCEEDED' ? `  ${j.error.split('\n')[0]}` : '';
          const rejudge = rejudgeStateOf(j.params);
          const result = rejudge && rejudge.samples > 0 ? `  ${rejudgeOutcome(rejudge)}` : '';
          process.stdout.write(
            `${String(j.id).padStart(5)}  ${(rejudge ? 'rejudge' : j.kind).padEnd(9)} alpha ${String(j.alpha ?? '-').padEnd(6)} ${j.state.padEnd(9)} ${bar(j)}  try ${j.attempts}/${j.maxAttempts}${err}${result}\n`,
          );
        }
      });
    });
}
