import {
  alphaPointsOf,
  checkRefineSettings,
  defaultRange,
  plural,
  type BestAlpha,
  type QueuedVia,
  type RefineRequest,
  type RefineSettings,
} from '@frontier/core';
import { z } from 'zod';
import type { Db } from '../client';
import { ConflictError, InvalidInputError } from '../errors';
import type { Queryable } from '../queryable';
import { getStudyData } from '../queries/study-data';
import { withTransaction } from '../transaction';
import { insertJob, queueJob, type JobOrigin } from './job-rows';
import { loadStudySettings } from './study-settings';

// An automatic refinement run is one pipeline job of kind 'refine' whose params hold what it was
// asked (settings) and what it has done (rounds). The worker runs it a round at a time
// (packages/pipeline/src/steps/refine.ts): it reads the study's data, asks the policy of
// @frontier/core for the next alphas, queues their chains (each job pointing back at the run
// through parent_id) and looks again later, until the budget is spent or the best alpha's
// interval is narrow enough. Everything it knows is in this row, so a worker that dies mid-run
// loses nothing: the next one picks the run up from its params.

export interface RefineRound {
  /** The alphas this round queued, and the first job of each one's chain. */
  alphas: number[];
  firstJobIds: number[];
  /** The estimate the round started from. */
  best: BestAlpha | null;
}

export interface RefineOutcome {
  /** Why the run stopped. */
  reason: 'target' | 'budget' | 'exhausted';
  message: string;
  best: BestAlpha | null;
}

export interface RefineParams {
  settings: RefineSettings;
  /** The alpha budget with a sample budget converted at this study's samples per alpha. */
  alphaBudget: number;
  /** The web's cap on alphas queued at once per study, when the run was queued there. */
  maxQueuedAlphas?: number;
  rounds: RefineRound[];
  outcome?: RefineOutcome;
}

const openEnd = z.object({ why: z.enum(['range', 'collapse', 'unevaluated']), limit: z.number() }).optional();
const best = z
  .object({
    alpha: z.number(),
    lo: z.number(),
    hi: z.number(),
    passAtK: z.number(),
    passLo: z.number(),
    passHi: z.number(),
    below: openEnd,
    above: openEnd,
    beyond: z.string().optional(),
  })
  .nullable();

/** The params as stored; checked when read, since a run may outlive a version of this code. */
export const refineParamsSchema = z.object({
  settings: z.object({
    k: z.number(),
    count: z.number(),
    range: z.tuple([z.number(), z.number()]),
    setting: z.string().optional(),
    scale: z.string().optional(),
    budgetAlphas: z.number().optional(),
    budgetSamples: z.number().optional(),
    targetWidth: z.number().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
  alphaBudget: z.number().int(),
  maxQueuedAlphas: z.number().int().optional(),
  rounds: z.array(z.object({ alphas: z.array(z.number()), firstJobIds: z.array(z.number().int()), best })),
  outcome: z.object({ reason: z.enum(['target', 'budget', 'exhausted']), message: z.string(), best }).optional(),
});

/** A job of kind 'refine' runs at most this many times before it is FAILED (a pass that only waits is not an attempt). */
const MAX_ATTEMPTS = 4;

/** Samples one alpha costs: every problem of the study's benchmark times its samples per problem. */
async function samplesPerAlpha(db: Db, benchmark: string, samplesPerProblem: number): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM problem p JOIN benchmark b ON b.id = p.benchmark_id WHERE b.name = $1',
    [benchmark],
  );
  return Math.max(1, rows[0]!.n) * samplesPerProblem;
}

/** The active refinement run of a study, if any (a study runs one at a time). */
export async function activeRefinement(client: Queryable, studyId: number): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM pipeline_job WHERE study_id = $1 AND kind = 'refine' AND state IN ('QUEUED', 'RUNNING') ORDER BY id LIMIT 1`,
    [studyId],
  );
  return rows[0]?.id;
}

/** The alphas evaluated on the curve a run reads (the study's own setting and scale). */
async function evaluatedAlphas(db: Db, studyId: number, setting: string, scale: string): Promise<number[]> {
  const data = await getStudyData(db, studyId, { setting, scale });
  const points = data && alphaPointsOf(data, scale);
  return points?.ok ? points.points.map((p) => p.alpha) : [];
}

/**
 * Queues an automatic refinement run of a study. The curve is read where new alphas land: the
 * study's own inference setting and model scale, so a setting or scale naming another is refused.
 * Without a range, the default one of the alphas evaluated now (core's defaultRange) is fixed for
 * the whole run: a range that followed the data would widen with every probe outwards.
 * InvalidInputError for bad settings, NotFoundError / StudyNotEvaluableError for the study,
 * ConflictError when the study already has a run queued or running.
 */
export async function queueRefinement(
  db: Db,
  studyId: number,
  request: RefineRequest,
  options: JobOrigin & { maxQueuedAlphas?: number } = {},
): Promise<number> {
  const { name, config } = await loadStudySettings(db, studyId);
  const asked: RefineSettings = {
    ...request,
    range: request.range ?? defaultRange(await evaluatedAlphas(db, studyId, config.setting, config.scale)),
  };
  const checked = checkRefineSettings(asked);
  if (!checked.ok) throw new InvalidInputError(checked.message);
  for (const field of ['setting', 'scale'] as const) {
    const given = asked[field];
    if (given !== undefined && given !== config[field]) {
      throw new InvalidInputError(
        `${field} ${JSON.stringify(given)}: study "${name}" evaluates new alphas with ${field} ${JSON.stringify(config[field])}, so a refinement reads that curve`,
      );
    }
  }
  if (options.maxQueuedAlphas !== undefined && asked.count > options.maxQueuedAlphas) {
    throw new InvalidInputError(
      `count ${asked.count}: this server queues at most ${options.maxQueuedAlphas} alphas of a study at a time`,
    );
  }
  const perAlpha = await samplesPerAlpha(db, config.benchmark, config.samplesPerProblem);
  const fromSamples = asked.budgetSamples === undefined ? Infinity : Math.floor(asked.budgetSamples / perAlpha);
  const alphaBudget = Math.min(asked.budgetAlphas ?? Infinity, fromSamples);
  if (alphaBudget < 1)
    throw new InvalidInputError(
      `the sample budget ${asked.budgetSamples} does not cover one alpha of study "${name}" (${plural(perAlpha, 'sample')} each)`,
    );
  const params: RefineParams = {
    settings: { ...asked, setting: config.setting, scale: config.scale },
    alphaBudget,
    ...(options.maxQueuedAlphas !== undefined && { maxQueuedAlphas: options.maxQueuedAlphas }),
    rounds: [],
  };
  return withTransaction(db.pool, async (client) => {
    await client.query('SELECT 1 FROM study WHERE id = $1 FOR UPDATE', [studyId]);
    const running = await activeRefinement(client, studyId);
    if (running !== undefined)
      throw new ConflictError(
        `study "${name}" already has a refinement run (job ${running}): cancel it or wait for it to finish`,
      );
    const id = await insertJob(client, {
      studyId,
      kind: 'refine',
      alpha: null,
      params,
      maxAttempts: MAX_ATTEMPTS,
      createdById: options.createdById,
      queuedVia: options.queuedVia,
    });
    await client.query('UPDATE pipeline_job SET progress_total = $2 WHERE id = $1', [id, alphaBudget]);
    await queueJob(client, id, 'refine', MAX_ATTEMPTS);
    return id;
  });
}

/** Stores a run's params (its rounds so far, or its outcome). */
export async function saveRefineParams(db: Db, jobId: number, params: RefineParams): Promise<void> {
  await db.pool.query('UPDATE pipeline_job SET params = $2 WHERE id = $1', [jobId, params]);
}

/** Whether any step of these chains (given by their first jobs) is still queued or running. */
export async function chainsActive(db: Db, firstJobIds: readonly number[]): Promise<boolean> {
  if (firstJobIds.length === 0) return false;
  const { rows } = await db.pool.query<{ n: number }>(
    `WITH RECURSIVE chain AS (SELECT id, state FROM pipeline_job WHERE id = ANY($1::int[])
       UNION SELECT j.id, j.state FROM pipeline_job j JOIN chain c ON j.depends_on_id = c.id)
     SELECT count(*)::int AS n FROM chain WHERE state IN ('QUEUED', 'RUNNING')`,
    [firstJobIds],
  );
  return rows[0]!.n > 0;
}

/** A run's params, checked, and who queued it and where (its chains are queued in that name). */
export async function loadRefineRun(db: Db, jobId: number): Promise<{ params: RefineParams; origin: JobOrigin }> {
  const { rows } = await db.pool.query<{ params: unknown; created_by_id: string | null; queued_via: QueuedVia | null }>(
    'SELECT params, created_by_id, queued_via FROM pipeline_job WHERE id = $1',
    [jobId],
  );
  if (!rows[0]) throw new Error(`no job with id ${jobId}`);
  const { params, created_by_id: createdById, queued_via: queuedVia } = rows[0];
  return { params: refineParamsSchema.parse(params), origin: { createdById, ...(queuedVia && { queuedVia }) } };
}
