import { describeVerdictChanges, parseAlphaList, plural } from '@frontier/core';
import type { Command } from 'commander';
import {
  ConflictError,
  findStudy,
  getJob,
  queueRejudge,
  rejudgeStateOf,
  type Db,
  type PipelineJobRow,
} from '@frontier/db';
import { withDatabase } from '../database';
import { asCliError, CliError } from '../errors';
import { progressBar } from '../progress';

interface RejudgeFlags {
  alpha?: string;
  problems?: string[];
  force?: boolean;
  wait?: boolean;
}

const POLL_MS = 1_000;

/** --problems as given: ids separated by spaces (several arguments) or commas. */
export function problemIdsOf(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const ids = values.flatMap((v) => v.split(',')).map((s) => s.trim());
  if (ids.length === 0 || ids.some((s) => s === ''))
    throw new CliError(
      `--problems needs problem ids separated by spaces or single commas (got ${JSON.stringify(values.join(' '))})`,
    );
  return ids;
}

function alphasOf(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parsed = parseAlphaList(text);
  if (!parsed.ok) throw new CliError(`--alpha: ${parsed.message}`);
  return parsed.alphas;
}

/** Follows the judge job, then the aggregation after it, with a progress bar of samples. */
async function follow(db: Db, judgeId: number, aggregateId: number): Promise<PipelineJobRow> {
  const bar = progressBar(`re-judging #${judgeId} samples`);
  let started = false;
  for (;;) {
    const job = await getJob(db, judgeId);
    if (!job) throw new CliError(`job ${judgeId} is gone`);
    if (!started && job.progressTotal > 0) {
      bar.start(job.progressTotal);
      started = true;
    }
    bar.update(job.progressDone);
    const after = job.state === 'SUCCEEDED' ? await getJob(db, aggregateId) : job;
    if (after && after.state !== 'QUEUED' && after.state !== 'RUNNING') {
      bar.stop();
      return { ...job, state: after.state, error: after.error };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export function registerRejudge(program: Command): void {
  program
    .command('rejudge')
    .description(
      "queue judging a study's samples again with this judge version (a worker runs it), then its aggregation; reports how many verdicts changed, by class",
    )
    .argument('<study>', 'study name or id')
    .option('--alpha <list>', 'only the checkpoints at these alphas, comma-separated (default: every checkpoint)')
    .option('--problems <ids...>', 'only these problems, by benchmark id (default: every problem)')
    .option(
      '--force',
      'run every program again, even one whose result from this judge version is stored (default: reuse those; results of other judge versions are never reused)',
    )
    .option('--wait', 'follow it with a progress bar until it ends, then print what changed (needs a running worker)')
    .action(async (studyArg: string, flags: RejudgeFlags) => {
      const request = { alphas: alphasOf(flags.alpha), problems: problemIdsOf(flags.problems), force: flags.force };
      await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const queued = await queueRejudge(db, study.id, request, { queuedVia: 'cli' }).catch((err: unknown) => {
          if (err instanceof ConflictError) throw new CliError(err.message);
          return asCliError(err);
        });
        const [judgeId, aggregateId] = queued.jobIds as [number, number];
        process.stdout.write(
          `queued re-judging of ${plural(queued.samples, 'sample')} in ${plural(queued.runs, 'run')} as jobs ${judgeId} (judge), ${aggregateId} (aggregate)\n`,
        );
        if (!flags.wait)
          return void process.stdout.write(
            `a worker (\`npm start\`, or \`frontier worker\`) runs them; follow with \`frontier jobs\`, stop with \`frontier jobs --cancel ${judgeId}\`\n`,
          );
        const job = await follow(db, judgeId, aggregateId);
        const state = rejudgeStateOf(job.params);
        if (state) process.stdout.write(`${rejudgeOutcome(state)}\n`);
        if (job.state !== 'SUCCEEDED')
          throw new CliError(`re-judging ${job.state.toLowerCase()}${job.error ? `: ${job.error}` : ''}`);
      });
    });
}

/** "re-judged 40 samples: 12 changed: ...", with the samples judged for the first time. */
export function rejudgeOutcome(state: NonNullable<ReturnType<typeof rejudgeStateOf>>): string {
  const first = state.firstJudged ? ` (${plural(state.firstJudged, 'sample')} had no verdict before)` : '';
  return `re-judged ${plural(state.samples, 'sample')}${first}: ${describeVerdictChanges(state.changes)}`;
}
