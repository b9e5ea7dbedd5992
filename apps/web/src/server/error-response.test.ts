import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@frontier/db';
import { explainDiskFull } from '@frontier/disk';
import { errorResponse } from './error-response';
import { HttpError } from './http-error';
import { freePort } from '../../../../packages/db/test/free-port';

// As Node and Postgres raise them (the whole path through a real full disk: imports.int.test.ts).
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('errorResponse', () => {
  it('answers 503 with Retry-After when the database cannot be reached (a real refused connection, through Prisma)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const db = createDb(`postgresql://u:p@127.0.0.1:${await freePort()}/db`);
    try {
      const err = await db.prisma.study.findMany().then(
        () => undefined,
        (e: unknown) => e,
      );
      const res = errorResponse(err);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect((await res.json()).error.message).toMatch(/database is unavailable right now .* retry in a few seconds/);
    } finally {
      await db.close();
    }
  });

  it('keeps 4xx for HttpErrors and 500 without details for the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorResponse(new HttpError(404, 'no study 9')).status).toBe(404);
    const res = errorResponse(new Error('secret internals'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toMatch(/secret/);
  });

  it("answers 507 on a full disk, with the explanation naming the path and the space; the database server's too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const local = errorResponse(
      explainDiskFull(errno('ENOSPC', 'ENOSPC: no space left on device, write'), {
        path: '/data/uploads/x.json',
        neededBytes: 4096,
      }),
    );
    expect(local.status).toBe(507);
    expect((await local.json()).error.message).toMatch(
      /^no space left on .* for \/data\/uploads\/x\.json: needed ~4 KiB, .* free; free some space and retry$/,
    );
    // SQLSTATE 53100 that no import explained (imports say which files: explainDatabaseDiskFull).
    const disk53100 = errno('53100', 'could not extend file "base/16384/16390": No space left on device');
    const raw = errorResponse(disk53100);
    expect([raw.status, (await raw.json()).error.message]).toEqual([
      507,
      'no space left on the database server\'s disk (could not extend file "base/16384/16390": No space left on device); free some space and retry',
    ]);
  });
});
