import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { selfOrigin, warmUp, warmUpState } from './warm-up';

// A stand-in for the web server itself, over real HTTP: the studies list newest first, and a page
// per study; it records what the warm-up asked for.
async function fakeServer(
  studies: { id: number; name: string }[],
  pageStatus = 200,
): Promise<{ origin: string; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/api/studies') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ studies }));
    } else {
      res.statusCode = req.url!.startsWith('/studies/') ? pageStatus : 404;
      res.end('<html></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

let open: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (open ? open.close(resolve) : resolve(undefined)));
  open = undefined;
  warmUpState().done = false;
});

describe('warmUp', () => {
  it('renders the newest study page once, then says it is done', async () => {
    const fake = await fakeServer([
      { id: 7, name: 'newest' },
      { id: 3, name: 'older' },
    ]);
    open = fake.server;
    const logs: string[] = [];
    expect(warmUpState().done).toBe(false);
    await warmUp(fake.origin, (m) => logs.push(m));
    expect(fake.asked).toEqual(['/api/studies', '/studies/7']);
    expect(warmUpState().done).toBe(true);
    expect(logs[0]).toMatch(/^warmed up: rendered the page of study "newest" in \d+ ms$/);
  });

  it('has nothing to render on an empty database', async () => {
    const fake = await fakeServer([]);
    open = fake.server;
    await warmUp(fake.origin, () => {});
    expect(fake.asked).toEqual(['/api/studies']);
    expect(warmUpState().done).toBe(true);
  });

  it('logs a failed page and still finishes', async () => {
    const fake = await fakeServer([{ id: 1, name: 'x' }], 500);
    open = fake.server;
    const logs: string[] = [];
    await warmUp(fake.origin, (m) => logs.push(m));
    expect(logs).toEqual(['warm-up skipped: GET /studies/1 answered 500']);
    expect(warmUpState().done).toBe(true);
  });

  it('finishes at once without an address (server mode)', async () => {
    await warmUp(undefined, () => {});
    expect(warmUpState().done).toBe(true);
  });
});

describe('selfOrigin', () => {
  it('is the loopback address and port in local mode only', () => {
    expect(selfOrigin({ mode: 'local', host: '127.0.0.1' }, 3000)).toBe('http://127.0.0.1:3000');
    expect(selfOrigin({ mode: 'local', host: 'localhost' }, 3000)).toBe('http://127.0.0.1:3000');
    expect(selfOrigin({ mode: 'local', host: '::1' }, 3000)).toBe('http://[::1]:3000');
    expect(selfOrigin({ mode: 'local', host: '127.0.0.1' }, undefined)).toBeUndefined();
    expect(
      selfOrigin(
        { mode: 'server', host: '0.0.0.0', secret: 's'.repeat(32), publicUrl: new URL('https://x.example') },
        3000,
      ),
    ).toBeUndefined();
  });
});
