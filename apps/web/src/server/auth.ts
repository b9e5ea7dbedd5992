import 'server-only';
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { accessMode } from '../env';
import { getAccessDb } from './db';
import { processOnce } from './process-once';

// Sign-in for server mode, by Better Auth: its password hashing, session cookies and origin checks,
// its tables in our Postgres through Prisma. Accounts are made by an admin (`frontier user add`),
// never by signing up; `role` is ours (viewer | editor | admin).

async function create() {
  const mode = accessMode();
  if (mode.mode !== 'server') throw new Error('sign-in exists only in server mode');
  const db = await getAccessDb(); // sign-in and session lookups, beside the access check's
  return betterAuth({
    appName: 'Frontier Explorer',
    secret: mode.secret,
    baseURL: mode.publicUrl.origin,
    basePath: '/api/auth',
    trustedOrigins: [mode.publicUrl.origin],
    database: prismaAdapter(db.prisma, { provider: 'postgresql' }),
    emailAndPassword: { enabled: true, disableSignUp: true },
    user: { additionalFields: { role: { type: 'string', required: false, defaultValue: 'viewer', input: false } } },
    telemetry: { enabled: false },
    advanced: { useSecureCookies: mode.publicUrl.protocol === 'https:' },
  });
}

export type Auth = Awaited<ReturnType<typeof create>>;

/** The Better Auth instance of this server process (server mode only). */
export const getAuth: () => Promise<Auth> = processOnce('frontierAuth', create);
