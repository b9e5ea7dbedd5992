import { describe, expect, it } from 'vitest';
import { authorize, hostName, refuse } from './access';

const req = (method: string, headers: Record<string, string>) => ({
  method,
  header: (n: string) => headers[n.toLowerCase()] ?? null,
});

describe('refuse (local mode)', () => {
  it('lets reads and same-origin writes from this machine through', () => {
    expect(refuse(req('GET', { host: 'localhost:3000' }))).toBeUndefined();
    expect(refuse(req('GET', { host: '[::1]:3000' }))).toBeUndefined();
    expect(
      refuse(req('POST', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' })),
    ).toBeUndefined();
    expect(refuse(req('POST', { host: '127.0.0.1:3000' }))).toBeUndefined(); // a script on this machine
  });

  it('refuses other Host names (DNS rebinding), for reads too', () => {
    expect(refuse(req('GET', { host: 'evil.example' }))?.status).toBe(403);
    expect(refuse(req('GET', { host: 'localhost.evil.example:3000' }))?.status).toBe(403);
    expect(refuse(req('GET', {}))?.status).toBe(403);
  });

  it('refuses cross-site writes by Sec-Fetch-Site or Origin', () => {
    expect(refuse(req('POST', { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))?.message).toMatch(
      /cross-site/,
    );
    expect(refuse(req('POST', { host: 'localhost:3000', 'sec-fetch-site': 'same-site' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'http://evil.example' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'http://localhost:3001' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'null' }))?.status).toBe(403);
  });

  it('answers 405 with Allow to other methods', () => {
    expect(refuse(req('TRACE', { host: 'localhost' }))).toMatchObject({
      status: 405,
      allow: 'GET, HEAD, POST, DELETE, OPTIONS',
    });
    expect(refuse(req('PUT', { host: 'localhost' }))?.status).toBe(405);
  });

  it('reads host names with ports and IPv6 brackets', () => {
    expect(hostName('LocalHost:80')).toBe('localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });

  it('refuses a Host that is not a URL authority, such as a loopback name with another host as its port', () => {
    for (const host of ['127.0.0.1:evil.example', 'localhost:3000@evil.example', 'localhost/x', 'localhost:99999', ''])
      expect(hostName(host), host).toBeUndefined();
    expect(refuse(req('GET', { host: '127.0.0.1:evil.example' }))?.status).toBe(403);
    expect(refuse(req('GET', { host: 'localhost:3000' }))).toBeUndefined();
  });
});

describe('refuse (server mode)', () => {
  const server = { mode: 'server', publicUrl: new URL('https://frontier.lab.example') } as const;

  it('answers to the public name and loopback only', () => {
    expect(refuse(req('GET', { host: 'frontier.lab.example' }), server)).toBeUndefined();
    expect(refuse(req('GET', { host: 'localhost:3000' }), server)).toBeUndefined();
    expect(refuse(req('GET', { host: 'other.example' }), server)?.message).toMatch(
      /frontier\.lab\.example \(FRONTIER_PUBLIC_URL\)/,
    );
  });

  it("checks a browser write's origin against the public URL", () => {
    expect(
      refuse(req('POST', { host: 'frontier.lab.example', origin: 'https://frontier.lab.example' }), server),
    ).toBeUndefined();
    expect(
      refuse(req('POST', { host: 'frontier.lab.example', origin: 'http://frontier.lab.example' }), server)?.status,
    ).toBe(403);
    expect(refuse(req('POST', { host: 'frontier.lab.example', origin: 'https://evil.example' }), server)?.status).toBe(
      403,
    );
    // Behind a reverse proxy the Host may be internal; the origin still decides.
    expect(
      refuse(req('DELETE', { host: 'localhost:3000', origin: 'https://frontier.lab.example' }), server),
    ).toBeUndefined();
  });
});

describe('authorize', () => {
  it('lets public routes through for anyone', () => {
    expect(authorize('anonymous', 'public')).toBeUndefined();
    expect(authorize('bad-token', 'public')).toBeUndefined();
  });

  it('answers 401 without an account or with a bad token, 403 for a role too low', () => {
    expect(authorize('anonymous', 'read')?.status).toBe(401);
    expect(authorize('bad-token', 'read')?.message).toMatch(/unknown or revoked/);
    expect(authorize({ role: 'viewer' }, 'share')).toBeUndefined();
    expect(authorize({ role: 'viewer' }, 'write')).toMatchObject({
      status: 403,
      message: expect.stringMatching(/needs the editor role; your account is a viewer/),
    });
    expect(authorize({ role: 'editor' }, 'write')).toBeUndefined();
    expect(authorize({ role: 'editor' }, 'admin')?.status).toBe(403);
    expect(authorize({ role: 'admin' }, 'admin')).toBeUndefined();
  });
});
