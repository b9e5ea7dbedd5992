// Local mode's access check (apps/web/src/server/access.ts, run by src/proxy.ts) against the real
// server: loopback only, this machine's Host names only, no cross-site writes, JSON bodies only,
// and the security headers on every response.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { closeDatabase, query } from './support/database';

test.afterAll(closeDatabase);

const jobCount = async () => Number((await query<{ n: string }>('SELECT count(*) AS n FROM pipeline_job'))[0]!.n);

test('answers only to localhost Host names: a DNS-rebinding Host is a 403 for pages and API', async ({ request }) => {
  for (const host of ['localhost', '127.0.0.1', '[::1]']) {
    expect((await request.get('/api/health', { headers: { host: `${host}:80` } })).status(), host).toBe(200);
  }
  for (const path of ['/api/studies', '/']) {
    const res = await request.get(path, { headers: { host: 'evil.example:3000' } });
    expect(res.status(), path).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('answers only to localhost');
  }
});

test('refuses cross-site writes before reading them, and bodies that are not application/json', async ({ request }) => {
  const before = await jobCount();
  const studyId = (await query<{ id: number }>('SELECT id FROM study ORDER BY id LIMIT 1'))[0]!.id;
  // The probe: a text/plain body from another site, which a browser sends without asking first.
  const crossSite = await request.post(`/api/studies/${studyId}/evaluate`, {
    data: '{"alphas":"0.125"}',
    headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
  });
  expect(crossSite.status()).toBe(403);
  expect(((await crossSite.json()) as { error: { message: string } }).error.message).toContain(
    'cross-site request refused',
  );
  const fetchSite = await request.post('/api/shares', {
    data: { studyId, view: `/studies/${studyId}` },
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  expect(fetchSite.status()).toBe(403);
  const plain = await request.post(`/api/studies/${studyId}/evaluate`, {
    data: '{"alphas":"0.125"}',
    headers: { 'content-type': 'text/plain' },
  });
  expect(plain.status()).toBe(415);
  expect(((await plain.json()) as { error: { message: string } }).error.message).toContain('application/json');
  expect(await jobCount(), 'nothing was queued').toBe(before);
});

test('other methods are 405 with Allow', async ({ request }) => {
  // (TRACE is refused by Next itself, with a 500, before any of the app's code runs: not fixed yet.)
  for (const method of ['PUT', 'PATCH']) {
    const res = await request.fetch('/api/health', { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD, POST, DELETE, OPTIONS');
  }
  // A method the API has (DELETE a share) on a route without it: Next's own 405.
  expect((await request.fetch('/api/health', { method: 'DELETE' })).status()).toBe(405);
});

test('every response carries the security headers', async ({ request }) => {
  for (const path of ['/', '/api/health']) {
    const h = (await request.get(path)).headers();
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('same-origin');
  }
});

test('listens on loopback only', async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  test.skip(!outside, 'this machine has no non-loopback IPv4 address to try');
  const refused = await new Promise<boolean>((resolve) => {
    const s = connect(port, outside!);
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });
  expect(refused, `${outside}:${port} must not accept connections`).toBe(true);
});
