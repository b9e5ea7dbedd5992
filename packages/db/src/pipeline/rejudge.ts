import { plural, type Verdict } from '@frontier/core';
import { z } from 'zod';
import type { Db } from '../client';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { programText } from '../program-codec';
import type { Queryable } from '../queryable';
import { withTransaction } from '../transaction';
import { insertChain, type JobOrigin } from './job-rows';
import { replaceVerdicts, type VerdictRow } from './judged';

// Re-judging a study: a judge -> aggregate chain on the study's runs whose judge job judges every
// selected sample again (not only unjudged ones), with the judge's current version, and counts the
// verdicts that changed. Its params carry the selection and, batch after batch, where it got to and
// what changed, so a retried attempt goes on from there and the job's record shows the outcome.

const id = z.number().int().positive();

export const rejudgeStateSchema = z.object({
  /** Only these problems (database ids); null for every problem. */
  problemIds: z.array(id).nullable(),
  /** Run every program again, even where a result of this judge version is stored. */
  force: z.boolean(),
  /** The last sample re-judged, in (run, problem, idx) order; null before the first batch. */
  cursor: z.object({ runId: id, problemId: id, idx: z.number().int() }).nullable(),
  /** Samples re-judged so far. */
  samples: z.number().int(),
  /** Samples that had no verdict before (judged for the first time). */
  firstJudged: z.number().int(),
  /** Verdict transitions ("TLE>AC": count), for the samples whose verdict changed. */
  changes: z.record(z.string(), z.number().int()),
});

export type RejudgeState = z.infer<typeof rejudgeStateSchema>;

const rejudgeParamsSchema = z.object({ runIds: z.array(id), rejudge: rejudgeStateSchema });

/** A job's re-judging state, or undefined for an ordinary judge job. */
export function rejudgeStateOf(params: unknown): RejudgeState | undefined {
  const parsed = rejudgeParamsSchema.safeParse(params);
  return parsed.success ? parsed.data.rejudge : undefined;
}

export interface RejudgeRequest {
  /** Only the checkpoints at these alphas (all when absent or empty). */
  alphas?: readonly number[];
  /** Only these problems, by their benchmark ids (all when absent or empty). */
  problems?: readonly string[];
  force?: boolean;
}

export interface RejudgeQueued {
  /** The chain's jobs: judge, then aggregate. */
  jobIds: number[];
  runs: number;
  samples: number;
}

/** Runs of the study's checkpoints (those at the given alphas), with their benchmark. */
async function studyRuns(
  db: Db,
  studyId: number,
): Promise<{ runId: number; benchmarkId: number; alpha: number | null }[]> {
  const { rows } = await db.pool.query<{ run_id: number; benchmark_id: number; alpha: number | null }>(
    `SELECT r.id AS run_id, r.benchmark_id, c.alpha FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 ORDER BY r.id`,
    [studyId],
  );
  return rows.map((r) => ({ runId: r.run_id, benchmarkId: r.benchmark_id, alpha: r.alpha }));
}

const listed = (items: readonly string[]) => items.slice(0, 10).join(', ') + (items.length > 10 ? ', ...' : '');

/**
 * Queues the re-judging of a study's samples (of the checkpoints at `alphas`, on `problems`).
 * NotFoundError for the study; InvalidInputError naming alphas or problems the study does not
 * have, or problems without hidden tests; ConflictError while the study has a re-judging queued or
 * running.
 */
export async function queueRejudge(
  db: Db,
  studyId: number,
  request: RejudgeRequest,
  origin: JobOrigin = {},
): Promise<RejudgeQueued> {
  const study = await db.prisma.study.findUnique({ where: { id: studyId }, select: { name: true } });
  if (!study) throw new NotFoundError(`no study with id ${studyId}`);
  let runs = await studyRuns(db, studyId);
  if (runs.length === 0) throw new InvalidInputError(`study "${study.name}" has no samples to re-judge`);
  const alphas = request.alphas ?? [];
  if (alphas.length) {
    const known = new Set(runs.map((r) => r.alpha));
    const unknown = alphas.filter((a) => !known.has(a));
    if (unknown.length) {
      const have = [...known].filter((a): a is number => a !== null).sort((a, b) => a - b);
      throw new InvalidInputError(
        `study "${study.name}" has no checkpoint at alpha ${listed(unknown.map(String))}: its alphas are ${listed(have.map(String))}`,
      );
    }
    runs = runs.filter((r) => r.alpha !== null && alphas.includes(r.alpha));
  }
  const benchmarkIds = [...new Set(runs.map((r) => r.benchmarkId))];
  let problemIds: number[] | null = null;
  const asked = [...new Set(request.problems ?? [])];
  if (asked.length) {
    const { rows } = await db.pool.query<{ id: number; external_id: string }>(
      'SELECT id, external_id FROM problem WHERE benchmark_id = ANY($1::int[]) AND external_id = ANY($2::text[])',
      [benchmarkIds, asked],
    );
    const found = new Set(rows.map((r) => r.external_id));
    const unknown = asked.filter((p) => !found.has(p));
    if (unknown.length)
      throw new InvalidInputError(
        `study "${study.name}" has no problem ${listed(unknown.map((p) => JSON.stringify(p)))}: see the problem ids in its Matrix tab or \`frontier export\``,
      );
    problemIds = rows.map((r) => r.id).sort((a, b) => a - b);
  }
  const runIds = runs.map((r) => r.runId);
  const { rows: counts } = await db.pool.query<{ samples: number; untested: string[] }>(
    `WITH chosen AS (SELECT problem_id, count(*) AS n FROM sample
                     WHERE run_id = ANY($1::int[]) AND ($2::int[] IS NULL OR problem_id = ANY($2::int[])) GROUP BY problem_id)
     SELECT coalesce(sum(c.n), 0)::int AS samples,
            coalesce(array_agg(p.external_id ORDER BY p.external_id)
                       FILTER (WHERE NOT EXISTS (SELECT 1 FROM test t WHERE t.problem_id = p.id)), '{}') AS untested
     FROM chosen c JOIN problem p ON p.id = c.problem_id`,
    [runIds, problemIds],
  );
  const { samples, untested } = counts[0]!;
  if (samples === 0) throw new InvalidInputError(`the selection of study "${study.name}" holds no samples`);
  if (untested.length)
    throw new InvalidInputError(
      `${plural(untested.length, 'problem')} of study "${study.name}" ${untested.length === 1 ? 'has' : 'have'} no hidden tests to judge against (${listed(untested)}): import the benchmark with its tests, or leave ${untested.length === 1 ? 'it' : 'them'} out with --problems`,
    );
  const state: RejudgeState = {
    problemIds,
    force: request.force ?? false,
    cursor: null,
    samples: 0,
    firstJudged: 0,
    changes: {},
  };
  return withTransaction(db.pool, async (client) => {
    await client.query('SELECT 1 FROM study WHERE id = $1 FOR UPDATE', [studyId]);
    const active = await activeRejudge(client, studyId);
    if (active !== undefined)
      throw new ConflictError(
        `study "${study.name}" is being re-judged already (job ${active}): wait for it to finish or cancel it`,
      );
    const jobIds = await insertChain(client, studyId, null, ['judge', 'aggregate'], { runIds }, origin);
    // The selection and the count of changes belong to the judge job alone (the aggregation is an ordinary one).
    await client.query('UPDATE pipeline_job SET params = $2, progress_total = $3 WHERE id = $1', [
      jobIds[0],
      { runIds, rejudge: state },
      samples,
    ]);
    return { jobIds, runs: runIds.length, samples };
  });
}

/** The study's re-judging job queued or running, if any. */
async function activeRejudge(client: Queryable, studyId: number): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM pipeline_job WHERE study_id = $1 AND kind = 'judge' AND params ? 'rejudge'
       AND state IN ('QUEUED', 'RUNNING') ORDER BY id LIMIT 1`,
    [studyId],
  );
  return rows[0]?.id;
}

/**
 * Writes a batch of re-judged verdicts over the samples' old ones and, in the same transaction, the
 * job's state after that batch: a retry never counts a change twice nor misses one.
 */
export async function storeRejudgedBatch(
  db: Db,
  jobId: number,
  runId: number,
  verdicts: VerdictRow[],
  state: RejudgeState,
): Promise<void> {
  await withTransaction(db.pool, async (client) => {
    await replaceVerdicts(client, runId, verdicts);
    await client.query(`UPDATE pipeline_job SET params = jsonb_set(params, '{rejudge}', $2::jsonb) WHERE id = $1`, [
      jobId,
      JSON.stringify(state),
    ]);
  });
}

export interface SampleToRejudge {
  problemId: number;
  idx: number;
  language: 'python' | 'cpp';
  code: string;
  /** Its verdict now (null: never judged). */
  verdict: Verdict | null;
}

/** The next samples of a run to re-judge after (problemId, idx), in key order. */
export async function nextSamplesToRejudge(
  db: Db,
  runId: number,
  after: { problemId: number; idx: number },
  problemIds: readonly number[] | null,
  limit: number,
): Promise<SampleToRejudge[]> {
  const { rows } = await db.pool.query<Omit<SampleToRejudge, 'code'> & { code: string | null; codeZ: Buffer | null }>(
    `SELECT problem_id AS "problemId", idx, language, verdict::text AS verdict, code, code_z AS "codeZ" FROM sample
     WHERE run_id = $1 AND (problem_id, idx) > ($2, $3) AND ($4::int[] IS NULL OR problem_id = ANY($4::int[]))
     ORDER BY problem_id, idx LIMIT $5`,
    [runId, after.problemId, after.idx, problemIds, limit],
  );
  return rows.map(({ codeZ, code, ...r }) => ({ ...r, code: programText({ code, codeZ }) }));
}
