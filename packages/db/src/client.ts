import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export interface Db {
  prisma: PrismaClient;
  /** For what Prisma does not do: COPY, bulk upserts, analytical reads. */
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(url: string, { max = 10 }: { max?: number } = {}): Db {
  // A database host that drops packets (rather than refusing) would make a connect wait forever;
  // after 30 s it fails like a refused one, so the caller answers 503 or waits out the outage.
  // Generous: the wait for a free pooled client counts too, and a busy worker pool may queue.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 30_000 });
  // Errors of idle clients surface on the next query instead of crashing the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

// Hides the password when a URL appears in an error message.
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
