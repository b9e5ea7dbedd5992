import { JOB_KINDS, JOB_STATES, QUEUED_VIA, type BestAlpha, type JobRecord } from '@frontier/core';
import type { RefineOutcome, RefineParams, RefineRound } from '@frontier/db';
import { z } from 'zod';
import { sameShape } from '../api/same-shape';

// A pipeline job as the API sends it (GET /api/jobs and every route that answers with a job):
// @frontier/core's JobRecord with its times as ISO strings and, for a refinement run, what it
// asked and its rounds (its stored params without the bookkeeping).

const id = z.number().int();
const time = z.iso.datetime();

const openEndSchema = z.strictObject({
  why: z.enum(['range', 'collapse', 'unevaluated']).meta({
    description: 'The range ends there; the line collapses further out; or no alpha was evaluated further out',
  }),
  limit: z.number().meta({ description: 'How far out the peak may lie without leaving the range' }),
});

export const bestAlphaSchema = z
  .strictObject({
    alpha: z.number(),
    lo: z.number().meta({ description: '95% bootstrap interval of the argmax' }),
    hi: z.number(),
    passAtK: z
      .number()
      .meta({ description: "The surrogate's pass@k at alpha, with the 95% interval of the replicates' maxima" }),
    passLo: z.number(),
    passHi: z.number(),
    below: openEndSchema.optional().meta({ description: 'Set where the peak may lie below the interval' }),
    above: openEndSchema.optional().meta({ description: 'Set where the peak may lie above the interval' }),
    beyond: z.string().optional().meta({ description: 'The open sides in words' }),
  })
  .meta({ id: 'BestAlpha' });

sameShape<z.infer<typeof bestAlphaSchema>, BestAlpha>();

export const refineSummarySchema = z
  .strictObject({
    settings: z.strictObject({
      k: z.number().int(),
      count: z.number().int(),
      range: z.tuple([z.number(), z.number()]),
      setting: z.string().optional(),
      scale: z.string().optional(),
      budgetAlphas: z.number().int().optional(),
      budgetSamples: z.number().int().optional(),
      targetWidth: z.number().optional(),
      from: z.string().optional().meta({ description: 'Release window start (YYYY-MM-DD) the curve is read over' }),
      to: z.string().optional().meta({ description: 'Release window end (YYYY-MM-DD)' }),
    }),
    alphaBudget: z
      .number()
      .int()
      .meta({ description: "The alpha budget, a sample budget converted at the study's samples per alpha" }),
    rounds: z.array(
      z.strictObject({
        alphas: z.array(z.number()),
        best: bestAlphaSchema.nullable().meta({ description: 'The estimate the round started from' }),
      }),
    ),
    outcome: z
      .strictObject({
        reason: z.enum(['target', 'budget', 'exhausted']),
        message: z.string(),
        best: bestAlphaSchema.nullable(),
      })
      .optional(),
  })
  .meta({ id: 'RefineSummary', description: 'What a refinement run asked and has done so far' });

export type RefineSummary = z.infer<typeof refineSummarySchema>;
sameShape<
  RefineSummary,
  Pick<RefineParams, 'settings' | 'alphaBudget'> & {
    rounds: Pick<RefineRound, 'alphas' | 'best'>[];
    outcome?: RefineOutcome;
  }
>();

export const rejudgeSummarySchema = z
  .strictObject({
    force: z.boolean().meta({ description: 'Programs ran again even where a result of this judge version was stored' }),
    samples: z.number().int().meta({ description: 'Samples judged again so far' }),
    firstJudged: z.number().int().meta({ description: 'Of those, samples that had no verdict before' }),
    changes: z
      .record(z.string(), z.number().int())
      .meta({ description: 'Samples whose verdict changed, by transition ("TLE>AC": count)' }),
    summary: z.string().meta({
      description:
        'The changes by failure class, e.g. "12 changed: 9 OPTIMIZATION->SOLVED, 3 CORRECTNESS->OPTIMIZATION"',
    }),
  })
  .meta({ id: 'RejudgeSummary', description: 'What a re-judging has judged and changed so far' });

export type RejudgeSummary = z.infer<typeof rejudgeSummarySchema>;

export const jobSummarySchema = z
  .strictObject({
    id,
    studyId: id,
    studyName: z.string(),
    kind: z.enum(JOB_KINDS),
    alpha: z
      .number()
      .nullable()
      .meta({ description: "The alpha a chain evaluates; null for a job on given runs (an import's)" }),
    checkpointId: id.nullable(),
    dependsOnId: id.nullable().meta({ description: 'The step this one waits for; null for the first step of a chain' }),
    parentId: id.nullable().meta({ description: 'The refinement run that queued this chain' }),
    state: z.enum(JOB_STATES),
    progressDone: z.number().int(),
    progressTotal: z.number().int(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    error: z.string().nullable().meta({ description: "The last failed attempt's message, or why it was cancelled" }),
    createdBy: z.string().nullable().meta({ description: "Who queued it: a user's email in server mode" }),
    createdByName: z.string().nullable(),
    queuedVia: z
      .enum(QUEUED_VIA)
      .nullable()
      .meta({ description: 'Where it was queued: the web app or its API, or the CLI' }),
    createdAt: time,
    startedAt: time.nullable(),
    finishedAt: time.nullable(),
    refine: refineSummarySchema.optional(),
    rejudge: rejudgeSummarySchema.optional().meta({ description: "Set on a re-judging's judge job" }),
  })
  .meta({ id: 'JobSummary' });

export type JobSummary = z.infer<typeof jobSummarySchema>;
sameShape<Omit<JobSummary, 'refine' | 'rejudge'>, JobRecord<string>>();
