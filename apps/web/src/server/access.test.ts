import { describe, expect, it } from 'vitest';
import { hostName, refuse } from './access';

const req = (method: string, headers: Record<string, string>) => ({ method, header: (n: string) => headers[n.toLowerCase()] ?? null });

describe('refuse (local mode)', () => {
  it('lets reads and same-origin writes from this machine through', () => {
    expect(refuse(req('GET', { host: 'localhost:3000' }))).toBeUndefined();
    expect(refuse(req('GET', { host: '[::1]:3000' }))).toBeUndefined();
    expect(refuse(req('POST', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(refuse(req('POST', { host: '127.0.0.1:3000' }))).toBeUndefined(); // a script on this machine
  });

  it('refuses other Host names (DNS rebinding), for reads too', () => {
    expect(refuse(req('GET', { host: 'evil.example' }))?.status).toBe(403);
    expect(refuse(req('GET', { host: 'localhost.evil.example:3000' }))?.status).toBe(403);
    expect(refuse(req('GET', {}))?.status).toBe(403);
  });

  it('refuses cross-site writes by Sec-Fetch-Site or Origin', () => {
    expect(refuse(req('POST', { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))?.message).toMatch(/cross-site/);
    expect(refuse(req('POST', { host: 'localhost:3000', 'sec-fetch-site': 'same-site' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'http://evil.example' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'http://localhost:3001' }))?.status).toBe(403);
    expect(refuse(req('POST', { host: 'localhost:3000', origin: 'null' }))?.status).toBe(403);
  });

  it('answers 405 with Allow to other methods', () => {
    expect(refuse(req('TRACE', { host: 'localhost' }))).toMatchObject({ status: 405, allow: 'GET, HEAD, POST, OPTIONS' });
    expect(refuse(req('DELETE', { host: 'localhost' }))?.status).toBe(405);
  });

  it('reads host names with ports and IPv6 brackets', () => {
    expect(hostName('LocalHost:80')).toBe('localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });
});
