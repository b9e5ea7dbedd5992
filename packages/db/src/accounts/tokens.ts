// API tokens for scripts: `Authorization: Bearer fe_...`. A token is 256 random bits, so a plain
// SHA-256 of it is what we store and look up (a slow password hash buys nothing against
// guessing); the token itself is shown once, by `frontier token create`.
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@frontier/core';
import type { Db } from '../client';
import { NotFoundError } from '../errors';

const PREFIX = 'fe_';
/** How stale last_used_at may get: one write a minute per token, not one per request. */
const LAST_USED_GRAIN_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenSummary {
  id: number;
  email: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function createToken(db: Db, email: string, name: string): Promise<{ id: number; token: string }> {
  const user = await db.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user)
    throw new NotFoundError(`no user with email ${email.trim().toLowerCase()} (add one with \`frontier user add\`)`);
  const token = PREFIX + randomBytes(32).toString('base64url');
  const row = await db.prisma.apiToken.create({
    data: { userId: user.id, name, hash: hashToken(token) },
    select: { id: true },
  });
  return { id: row.id, token };
}

export async function listTokens(db: Db): Promise<TokenSummary[]> {
  const rows = await db.prisma.apiToken.findMany({
    include: { user: { select: { email: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.map(({ user, id, name, createdAt, lastUsedAt, revokedAt }) => ({
    id,
    email: user.email,
    name,
    createdAt,
    lastUsedAt,
    revokedAt,
  }));
}

/** Revokes a token at once; revoking one already revoked is not an error (a retry). */
export async function revokeToken(db: Db, id: number): Promise<void> {
  const token = await db.prisma.apiToken.findUnique({ where: { id }, select: { revokedAt: true } });
  if (!token) throw new NotFoundError(`no token with id ${id} (see \`frontier token list\`)`);
  if (!token.revokedAt) await db.prisma.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
}

export interface TokenIdentity {
  tokenId: number;
  userId: string;
  email: string;
  role: Role;
}

/**
 * The live token's user, or undefined for an unknown or revoked one. Raw SQL: it runs on every
 * request a script makes, and one indexed join is all it needs.
 */
export async function identifyToken(db: Db, token: string): Promise<TokenIdentity | undefined> {
  if (!token.startsWith(PREFIX)) return undefined;
  const { rows } = await db.pool.query<{
    token_id: number;
    user_id: string;
    email: string;
    role: Role;
    last_used_at: Date | null;
  }>(
    `SELECT t.id AS token_id, u.id AS user_id, u.email, u.role, t.last_used_at
       FROM api_token t JOIN app_user u ON u.id = t.user_id
      WHERE t.hash = $1 AND t.revoked_at IS NULL`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_GRAIN_MS) {
    // Not awaited: the request need not wait for the bookkeeping, and a lost update is harmless.
    db.pool.query('UPDATE api_token SET last_used_at = now() WHERE id = $1', [row.token_id]).catch(() => {});
  }
  return { tokenId: row.token_id, userId: row.user_id, email: row.email, role: row.role };
}
