import { CHAIN_KINDS, checkAlphas, plural, type JobState } from '@frontier/core';
import type { Db } from '../client';
import { InvalidInputError, LimitReachedError, NotFoundError } from '../errors';
import { withTransaction } from '../transaction';
import { countQueuedAlphas, standingChains, type ChainStep } from './alpha-chains';
import { insertChain, type JobOrigin } from './job-rows';
import { loadStudySettings } from './study-settings';

export interface EvaluationChain {
  alpha: number;
  /** The chain's job ids in order: merge, generate, judge, aggregate. */
  jobIds: number[];
  /**
   * True when the alpha already had a chain queued, running or succeeded: this is that chain, and
   * nothing was queued. False when this chain was queued now.
   */
  existing: boolean;
  /** The chain's state in one word (QUEUED for one queued now). */
  state: JobState;
  jobs: ChainStep[];
}

export interface QueueOptions extends JobOrigin {
  /**
   * At most this many alphas of the study queued or running at once (the web's cap, shared by
   * every web process because it is counted in the database); unlimited when absent.
   */
  maxQueuedAlphas?: number;
  /** The refinement run queuing these chains, recorded on every job queued. */
  parentId?: number;
}

/** What a client over the cap is told to wait: chains take minutes, so asking sooner is no use. */
const RETRY_AFTER_S = 60;

// Queues merge -> generate -> judge -> aggregate for each alpha of a study. Each step is queued
// when the one before it succeeds; the first is queued now, in the same transaction. The alphas
// obey the one rule of @frontier/core (range, count), whoever asks: CLI, API or the demo seed.
// Idempotent: an alpha whose chain is queued, running or succeeded is answered with that chain
// and queues nothing, so asking twice never evaluates twice (nor moves the study's data version,
// which only a chain's aggregate step bumps); a failed or cancelled chain is queued again (a retry).
export async function queueEvaluation(
  db: Db,
  studyId: number,
  alphas: readonly number[],
  options: QueueOptions = {},
): Promise<EvaluationChain[]> {
  const checked = checkAlphas(alphas);
  if (!checked.ok) throw new InvalidInputError(checked.message);
  const { name } = await loadStudySettings(db, studyId); // NotFoundError, StudyNotEvaluableError
  return withTransaction(db.pool, async (client) => {
    // Locks the study so that two requests (from any process) for the same alpha cannot both find
    // no chain, nor two requests both fit under the cap.
    const { rowCount } = await client.query('SELECT 1 FROM study WHERE id = $1 FOR UPDATE', [studyId]);
    if (!rowCount) throw new NotFoundError(`no study with id ${studyId}`);
    const standing = await standingChains(client, studyId, checked.alphas);
    const fresh = checked.alphas.filter((a) => !standing.has(a));
    if (fresh.length && options.maxQueuedAlphas !== undefined) {
      const queued = await countQueuedAlphas(client, studyId);
      if (queued + fresh.length > options.maxQueuedAlphas) {
        throw new LimitReachedError(
          `study "${name}" has ${plural(queued, 'alpha')} queued or running and takes at most ${options.maxQueuedAlphas} at a time, ` +
            `so ${fresh.length} more cannot be queued: nothing was queued; retry when some have finished (or cancel some)`,
          RETRY_AFTER_S,
        );
      }
    }
    const chains: EvaluationChain[] = [];
    for (const alpha of checked.alphas) {
      const chain = standing.get(alpha);
      if (chain) {
        chains.push({
          alpha,
          jobIds: chain.steps.map((s) => s.id),
          existing: true,
          state: chain.state,
          jobs: chain.steps,
        });
        continue;
      }
      const jobIds = await insertChain(
        client,
        studyId,
        alpha,
        CHAIN_KINDS,
        undefined,
        { createdById: options.createdById, queuedVia: options.queuedVia },
        options.parentId,
      );
      chains.push({
        alpha,
        jobIds,
        existing: false,
        state: 'QUEUED',
        jobs: jobIds.map((id, i) => ({ id, kind: CHAIN_KINDS[i]!, state: 'QUEUED' })),
      });
    }
    return chains;
  });
}
