import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@frontier/db';
import { errorResponse } from './error-response';
import { HttpError } from './http-error';
import { freePort } from '../../../../packages/db/test/free-port';


describe('errorResponse', () => {
  it('answers 503 with Retry-After when the database cannot be reached (a real refused connection, through Prisma)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const db = createDb(`postgresql://u:p@127.0.0.1:${await freePort()}/db`);
    try {
      const err = await db.prisma.study.findMany().then(() => undefined, (e: unknown) => e);
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
});
