import type pg from 'pg';
import { parseStudyConfig } from './config';
import { insertJob, queueJob, type JobKind } from './job-rows';
import { withTransaction } from '../transaction';

export interface EvaluationChain {
  alpha: number;
  jobIds: number[];
  /** True when a chain for this alpha was already queued or running. */
  existing: boolean;
}

export class EvaluateInputError extends Error {}

/** Parses "0.5,1.5, 2" strictly: every item must be a finite number. */
export function parseAlphaList(text: string): number[] {
  const items = text.split(',').map((s) => s.trim());
  const alphas = items.map((item, i) => {
    const a = Number(item);
    if (item === '' || !Number.isFinite(a)) throw new EvaluateInputError(`alpha ${i + 1} of ${JSON.stringify(text)} is not a number: ${JSON.stringify(item)}`);
    return a;
  });
  if (alphas.length === 0) throw new EvaluateInputError('no alphas given');
  return [...new Set(alphas)];
}

const STEPS: JobKind[] = ['merge', 'generate', 'judge', 'aggregate'];

// Queues merge -> generate -> judge -> aggregate for each alpha of a study. Each step is queued
// when the one before it succeeds; the first is queued now, in the same transaction.
export async function queueEvaluation(pool: pg.Pool, studyId: number, alphas: number[]): Promise<EvaluationChain[]> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string; config: unknown }>('SELECT name, config FROM study WHERE id = $1 FOR UPDATE', [studyId]);
    if (!rows[0]) throw new EvaluateInputError(`no study with id ${studyId}`);
    parseStudyConfig(rows[0].config, `study "${rows[0].name}"`);
    const chains: EvaluationChain[] = [];
    for (const alpha of alphas) {
      if (!Number.isFinite(alpha)) throw new EvaluateInputError(`alpha ${alpha} is not a finite number`);
      const active = await client.query<{ id: number }>(
        `SELECT id FROM pipeline_job WHERE study_id = $1 AND alpha = $2 AND state IN ('QUEUED', 'RUNNING') ORDER BY id`,
        [studyId, alpha],
      );
      if (active.rows.length) {
        chains.push({ alpha, jobIds: active.rows.map((r) => r.id), existing: true });
        continue;
      }
      const jobIds: number[] = [];
      for (const kind of STEPS) {
        jobIds.push(await insertJob(client, { studyId, kind, alpha, dependsOnId: jobIds.at(-1) ?? null }));
      }
      await queueJob(client, jobIds[0]!, 'merge', 4);
      chains.push({ alpha, jobIds, existing: false });
    }
    return chains;
  });
}
