import type { Db } from '../client';

export interface NewShare {
  token: string;
  studyId: number;
  /** Path and query of the pinned view. */
  view: string;
  dataVersion: number;
  /** The pinned data, already serialised. */
  payloadJson: string;
}

/**
 * Stores a shared link. Raw SQL, as a workaround: the payload arrives as a ready JSON string of
 * up to megabytes (built from cached study data), and Prisma's Json field would make us parse it
 * only to serialise it again.
 */
export async function insertShare(db: Db, share: NewShare): Promise<void> {
  await db.pool.query('INSERT INTO share (token, study_id, view, data_version, payload) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    share.token,
    share.studyId,
    share.view,
    share.dataVersion,
    share.payloadJson,
  ]);
}

export interface StoredShare {
  token: string;
  studyId: number;
  studyName: string;
  view: string;
  /** The study's data version when the link was made... */
  dataVersion: number;
  /** ...and now: they differ once the study's data changed. */
  currentVersion: number;
  createdAt: Date;
  payload: unknown;
}

export async function findShare(db: Db, token: string): Promise<StoredShare | undefined> {
  const share = await db.prisma.share.findUnique({ where: { token }, include: { study: { select: { name: true, dataVersion: true } } } });
  if (!share) return undefined;
  const { study, payload, ...rest } = share;
  return { ...rest, payload, studyName: study.name, currentVersion: study.dataVersion };
}
