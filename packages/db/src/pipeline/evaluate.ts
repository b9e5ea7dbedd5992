import { checkAlphas, JOB_KINDS } from '@frontier/core';
import type { Db } from '../client';
import { InvalidInputError, NotFoundError } from '../errors';
import { withTransaction } from '../transaction';
import { insertChain } from './job-rows';
import { loadStudySettings } from './study-settings';

export interface EvaluationChain {
  alpha: number;
  jobIds: number[];
  /** True when a chain for this alpha was already queued or running. */
  existing: boolean;
}

// Queues merge -> generate -> judge -> aggregate for each alpha of a study. Each step is queued
// when the one before it succeeds; the first is queued now, in the same transaction. The alphas
// obey the one rule of @frontier/core (range, count), whoever asks: CLI, API or the demo seed.
export async function queueEvaluation(db: Db, studyId: number, alphas: readonly number[]): Promise<EvaluationChain[]> {
  const checked = checkAlphas(alphas);
  if (!checked.ok) throw new InvalidInputError(checked.message);
  await loadStudySettings(db, studyId); // NotFoundError, StudyNotEvaluableError
  return withTransaction(db.pool, async (client) => {
    // Locks the study so two requests for the same alpha cannot both find no active chain.
    const { rowCount } = await client.query('SELECT 1 FROM study WHERE id = $1 FOR UPDATE', [studyId]);
    if (!rowCount) throw new NotFoundError(`no study with id ${studyId}`);
    const chains: EvaluationChain[] = [];
    for (const alpha of checked.alphas) {
      const active = await client.query<{ id: number }>(
        `SELECT id FROM pipeline_job WHERE study_id = $1 AND alpha = $2 AND state IN ('QUEUED', 'RUNNING') ORDER BY id`,
        [studyId, alpha],
      );
      if (active.rows.length) {
        chains.push({ alpha, jobIds: active.rows.map((r) => r.id), existing: true });
        continue;
      }
      chains.push({ alpha, jobIds: await insertChain(client, studyId, alpha, JOB_KINDS), existing: false });
    }
    return chains;
  });
}
