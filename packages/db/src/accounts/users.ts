// Accounts for server mode. The rows are Better Auth's (app_user, auth_account): the web app signs
// people in with it, and the CLI adds users here with a password hash it made with Better Auth's
// own hasher, so both read the same credential.
import { randomUUID } from 'node:crypto';
import type { Role } from '@frontier/core';
import type { Db } from '../client';
import { InvalidInputError, NotFoundError } from '../errors';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
}

const SUMMARY = { id: true, email: true, name: true, role: true, createdAt: true } as const;

/** Better Auth's provider id for an email and password account. */
const CREDENTIAL = 'credential';

const normalEmail = (email: string) => email.trim().toLowerCase();

export async function addUser(
  db: Db,
  user: { email: string; role: Role; passwordHash: string; name?: string },
): Promise<UserSummary> {
  const email = normalEmail(user.email);
  const id = randomUUID();
  try {
    return (await db.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { id, email, name: user.name ?? email.split('@')[0]!, role: user.role, emailVerified: true },
        select: SUMMARY,
      });
      await tx.account.create({
        data: { id: randomUUID(), accountId: id, providerId: CREDENTIAL, userId: id, password: user.passwordHash },
      });
      return created;
    })) as UserSummary;
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002')
      throw new InvalidInputError(`a user with email ${email} already exists (change it with \`frontier user role\`)`);
    throw err;
  }
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return (await db.prisma.user.findMany({ select: SUMMARY, orderBy: { createdAt: 'asc' } })) as UserSummary[];
}

export async function findUser(db: Db, id: string): Promise<UserSummary | undefined> {
  return ((await db.prisma.user.findUnique({ where: { id }, select: SUMMARY })) ?? undefined) as
    UserSummary | undefined;
}

export async function setUserRole(db: Db, email: string, role: Role): Promise<UserSummary> {
  const { count } = await db.prisma.user.updateMany({ where: { email: normalEmail(email) }, data: { role } });
  if (count === 0) throw new NotFoundError(`no user with email ${normalEmail(email)} (see \`frontier user list\`)`);
  return (await db.prisma.user.findUniqueOrThrow({
    where: { email: normalEmail(email) },
    select: SUMMARY,
  })) as UserSummary;
}

/** Removes the user with their sessions and tokens; their jobs and shares stay, without an owner. */
export async function removeUser(db: Db, email: string): Promise<void> {
  const { count } = await db.prisma.user.deleteMany({ where: { email: normalEmail(email) } });
  if (count === 0) throw new NotFoundError(`no user with email ${normalEmail(email)} (see \`frontier user list\`)`);
}
