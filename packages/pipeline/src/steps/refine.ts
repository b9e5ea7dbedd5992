import { alphaPointsOf, intervalReach, intervalText, plural, roundAlpha, suggestAlphas } from '@frontier/core';
import {
  activeAlphas,
  chainsActive,
  getStudyData,
  LimitReachedError,
  loadRefineRun,
  queueEvaluation,
  saveRefineParams,
  type RefineOutcome,
  type RefineParams,
} from '@frontier/db';
import type { Step } from '../pipeline-task';

// refine: one pass of an automatic refinement run (packages/db/src/pipeline/refine.ts). While
// the last round's chains are still queued or running it only asks to be run again a little
// later, taking no worker slot meanwhile. Otherwise it re-estimates the best alpha from the data
// as it is now, and either stops (target width reached, budget spent, nothing left to propose)
// or queues the next round's alphas.

/** How long a waiting run sleeps between looks at its chains. */
export const REFINE_POLL_MS = 3_000;

const fmt = (x: number) => roundAlpha(x).toString();

export const refineStep: Step = async (job, ctx, h) => {
  const { params, origin } = await loadRefineRun(ctx.db, job.id);
  const { settings, alphaBudget } = params;
  const last = params.rounds.at(-1);
  if (last && (await chainsActive(ctx.db, last.firstJobIds))) return { againInMs: REFINE_POLL_MS };

  const data = await getStudyData(ctx.db, job.studyId, {
    setting: settings.setting,
    scale: settings.scale,
    ...(settings.from !== undefined && { from: settings.from }),
    ...(settings.to !== undefined && { to: settings.to }),
  });
  if (!data) throw new Error(`study ${job.studyId} no longer exists`);
  const points = alphaPointsOf(data, settings.scale);
  if (!points.ok) throw new Error(points.message);
  const spent = params.rounds.reduce((n, r) => n + r.alphas.length, 0);
  const left = alphaBudget - spent;
  const exclude = await activeAlphas(ctx.db.pool, job.studyId);
  const refinement = suggestAlphas(points.points, {
    k: settings.k,
    count: Math.max(1, Math.min(settings.count, left)),
    range: settings.range,
    exclude,
  });
  const { best } = refinement;
  // An interval open on a side is as wide as the peak may reach there: a run never stops on an
  // interval that only looks narrow because nothing was evaluated past its end.
  const reach = best ? intervalReach(best) : [-Infinity, Infinity];
  const width = reach[1]! - reach[0]!;
  const stop = (reason: RefineOutcome['reason'], message: string) => {
    h.log(message);
    return saveRefineParams(ctx.db, job.id, { ...params, outcome: { reason, message, best } });
  };
  const estimate = best
    ? `best alpha ${fmt(best.alpha)} ${intervalText(best)}${best.beyond ? ` (${best.beyond})` : ''}`
    : 'no estimate yet';
  if (settings.targetWidth !== undefined && width <= settings.targetWidth)
    return stop('target', `${estimate}: interval ${width.toFixed(2)} wide, within the target ${settings.targetWidth}`);
  if (left <= 0) return stop('budget', `${estimate}: the budget of ${plural(alphaBudget, 'alpha')} is spent`);
  const alphas = refinement.suggestions.map((s) => s.alpha);
  if (alphas.length === 0)
    return stop('exhausted', `${estimate}: no alpha in [${settings.range.join(', ')}] is left to propose`);

  let chains;
  try {
    chains = await queueEvaluation(ctx.db, job.studyId, alphas, {
      ...origin,
      parentId: job.id,
      maxQueuedAlphas: params.maxQueuedAlphas,
    });
  } catch (err) {
    // The study's cap on queued alphas is full (chains queued by people meanwhile): look again later.
    if (err instanceof LimitReachedError) return { againInMs: REFINE_POLL_MS };
    throw err;
  }
  const next: RefineParams = {
    ...params,
    rounds: [...params.rounds, { alphas, firstJobIds: chains.map((c) => c.jobIds[0]!), best }],
  };
  await saveRefineParams(ctx.db, job.id, next);
  await h.progress(spent + alphas.length, alphaBudget);
  h.log(`round ${next.rounds.length}: ${estimate}; queued alphas ${alphas.join(', ')}`);
  return { againInMs: REFINE_POLL_MS };
};
