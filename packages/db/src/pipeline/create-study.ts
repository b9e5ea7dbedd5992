import { checkpointName, type CheckpointRole } from '@frontier/core';
import type { Db } from '../client';
import { InvalidInputError } from '../errors';
import { upsertCheckpoint } from '../ingest/upserts';
import { withTransaction } from '../transaction';
import { studyConfigSchema, type StudyConfigInput } from './config';

export interface NewStudy {
  name: string;
  description?: string;
  /** "pipeline" for a study made to be evaluated, "demo" for the demo lab. */
  origin: string;
  config: StudyConfigInput;
  /** The trained endpoints (alpha 0 and 1), at the config's scale. */
  endpoints: { role: CheckpointRole; alpha: number; uri: string; coverageLevel?: number }[];
}

/** Creates a study the pipeline can evaluate, with its endpoint checkpoints, in one transaction. */
export async function createStudy(db: Db, study: NewStudy): Promise<number> {
  const config = studyConfigSchema.parse(study.config);
  return withTransaction(db.pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO study (name, description, origin, config) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING id`,
      [study.name, study.description ?? '', study.origin, config],
    );
    if (!rows[0]) throw new InvalidInputError(`a study named ${JSON.stringify(study.name)} exists already`);
    const studyId = rows[0].id;
    for (const e of study.endpoints) {
      await upsertCheckpoint(client, studyId, {
        name: checkpointName(e.alpha, config.scale),
        role: e.role,
        alpha: e.alpha,
        scale: config.scale,
        uri: e.uri,
        coverageLevel: e.coverageLevel,
      });
    }
    return studyId;
  });
}

/** True when the database holds no study at all (a fresh install). */
export async function hasNoStudies(db: Db): Promise<boolean> {
  return (await db.prisma.study.count()) === 0;
}
