import type { Db } from '../client';

export interface NewShare {
  token: string;
  studyId: number;
  /** Path and query of the pinned view. */
  view: string;
  dataVersion: number;
  /** The pinned data, already serialised. */
  payloadJson: string;
  /** Its owner (server mode); null in local mode. */
  createdById: string | null;
}

/**
 * Stores a shared link. Raw SQL, as a workaround: the payload arrives as a ready JSON string of
 * up to megabytes (built from cached study data), and Prisma's Json field would make us parse it
 * only to serialise it again.
 */
export async function insertShare(db: Db, share: NewShare): Promise<void> {
  await db.pool.query(
    'INSERT INTO share (token, study_id, view, data_version, payload, created_by_id) VALUES ($1, $2, $3, $4, $5::jsonb, $6)',
    [share.token, share.studyId, share.view, share.dataVersion, share.payloadJson, share.createdById],
  );
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
  /** The owner's email, when the link has one. */
  createdBy: string | null;
  payload: unknown;
}

export async function findShare(db: Db, token: string): Promise<StoredShare | undefined> {
  const share = await db.prisma.share.findUnique({
    where: { token },
    include: { study: { select: { name: true, dataVersion: true } }, createdBy: { select: { email: true } } },
  });
  if (!share) return undefined;
  const { study, payload, createdBy, createdById: _, ...rest } = share;
  return {
    ...rest,
    payload,
    createdBy: createdBy?.email ?? null,
    studyName: study.name,
    currentVersion: study.dataVersion,
  };
}

/** Whether a link exists: one indexed lookup, without reading its payload (a preview's cache check). */
export async function shareExists(db: Db, token: string): Promise<boolean> {
  return (await db.prisma.share.count({ where: { token } })) > 0;
}

/** How many links a user owns (their quota counts these). */
export async function countShares(db: Db, ownerId: string): Promise<number> {
  return db.prisma.share.count({ where: { createdById: ownerId } });
}

/**
 * Deletes a link if `by` may: its owner, or an admin. 'missing' for an unknown token (or one
 * already deleted: a retry), 'forbidden' for someone else's.
 */
export async function deleteShare(
  db: Db,
  token: string,
  by: { userId: string | null; admin: boolean },
): Promise<'deleted' | 'missing' | 'forbidden'> {
  const share = await db.prisma.share.findUnique({ where: { token }, select: { createdById: true } });
  if (!share) return 'missing';
  if (!by.admin && share.createdById !== by.userId) return 'forbidden';
  await db.prisma.share.deleteMany({ where: { token } });
  return 'deleted';
}

export interface ShareSummary {
  token: string;
  studyId: number;
  studyName: string;
  view: string;
  createdAt: Date;
  /** The owner's email; null for a link made in local mode (or whose owner was removed). */
  createdBy: string | null;
}

/** Share links, newest first: one owner's, or every link (`owner: 'all'`, an admin's view). */
export async function listShares(db: Db, owner: string | 'all', limit = 500): Promise<ShareSummary[]> {
  const rows = await db.prisma.share.findMany({
    where: owner === 'all' ? {} : { createdById: owner },
    select: {
      token: true,
      studyId: true,
      view: true,
      createdAt: true,
      study: { select: { name: true } },
      createdBy: { select: { email: true } },
    },
    orderBy: { createdAt: 'desc' },
    take: limit,
  });
  return rows.map(({ study, createdBy, ...r }) => ({
    ...r,
    studyName: study.name,
    createdBy: createdBy?.email ?? null,
  }));
}
