import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzipBody, readMaybeGzippedJson } from './gzip-json';

describe('acceptsGzipBody', () => {
  it('is asked for by application/gzip with a positive or no q', () => {
    expect(acceptsGzipBody('application/gzip, application/json;q=0.5')).toBe(true);
    expect(acceptsGzipBody('application/json, Application/GZIP; q=0.1')).toBe(true);
  });
  it('is not asked for otherwise', () => {
    expect(acceptsGzipBody(null)).toBe(false);
    expect(acceptsGzipBody('*/*')).toBe(false);
    expect(acceptsGzipBody('application/json')).toBe(false);
    expect(acceptsGzipBody('application/gzip;q=0')).toBe(false);
  });
});

describe('readMaybeGzippedJson', () => {
  it('decodes a gzip body and reads a plain one', async () => {
    const value = { a: [1, 2, 3], b: 'x'.repeat(1000) };
    const gz = new Response(gzipSync(JSON.stringify(value)), { headers: { 'content-type': 'application/gzip' } });
    expect(await readMaybeGzippedJson(gz)).toEqual(value);
    expect(
      await readMaybeGzippedJson(
        new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
      ),
    ).toEqual(value);
  });
});
