import { checkpointName } from '@frontier/core';
import type { Db } from '../client';
import { linkParents, upsertCheckpoint } from '../ingest/upserts';
import { withTransaction } from '../transaction';

export interface AlphaCheckpoint {
  id: number;
  uri: string | null;
}

/** The study's checkpoint at this alpha and scale (a trained endpoint before a merged one), if any. */
export async function findCheckpointAtAlpha(
  db: Db,
  studyId: number,
  alpha: number,
  scale: string,
): Promise<AlphaCheckpoint | undefined> {
  const found = await db.prisma.checkpoint.findMany({
    where: { studyId, alpha, modelScale: scale },
    select: { id: true, uri: true, role: true },
    orderBy: { id: 'asc' },
  });
  const best = found.find((c) => c.role !== 'MERGED') ?? found[0];
  return best && { id: best.id, uri: best.uri };
}

/** Records a checkpoint merged at `alpha`, linked to the study's trained endpoints of its scale. */
export async function saveMergedCheckpoint(
  db: Db,
  m: { studyId: number; alpha: number; scale: string; uri: string; recipe: object },
): Promise<number> {
  return withTransaction(db.pool, async (client) => {
    const id = await upsertCheckpoint(client, m.studyId, {
      name: checkpointName(m.alpha, m.scale),
      role: 'MERGED',
      alpha: m.alpha,
      scale: m.scale,
      uri: m.uri,
      recipe: m.recipe,
    });
    await linkParents(client, m.studyId);
    return id;
  });
}
