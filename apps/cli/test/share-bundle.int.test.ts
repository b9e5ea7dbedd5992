import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudy, insertShare } from '@frontier/db';
import type { OfflineDocument } from '@frontier/formats';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';

// `frontier share bundle` against a real Postgres: the file holds the stored share as the
// viewer's document, and the viewer itself; a token that names no link writes nothing.

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();
const TOKEN = 'cli_bundle-Token_0123456789';
const NAME = '</script><script>alert(1)</script>';
const PAYLOAD = { facets: { settings: ['tool'] }, datasets: { '': { note: 'ends with </script> and \u2028' } } };
let studyId: number;

/** The document of an offline file, as the viewer reads it. */
function documentOf(html: string): OfflineDocument {
  const start = html.indexOf('>', html.indexOf('<script type="application/json"')) + 1;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as OfflineDocument;
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
  studyId = await createStudy(t.db, {
    name: NAME,
    origin: 'pipeline',
    config: {
      benchmark: 'b',
      samplesPerProblem: 2,
      backend: { kind: 'toy' },
      endpoints: { lo: '/lo', hi: '/hi' },
      checkpointsDir: join(dir, 'ckpt'),
    },
    endpoints: [
      { role: 'LOW', alpha: 0, uri: '/lo' },
      { role: 'HIGH', alpha: 1, uri: '/hi' },
    ],
  });
  await insertShare(t.db, {
    token: TOKEN,
    studyId,
    view: `/studies/${studyId}/matrix?sort=gap`,
    dataVersion: 4,
    payloadJson: JSON.stringify(PAYLOAD),
    createdById: null,
  });
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('frontier share bundle', () => {
  it('writes the share as one HTML file: its view, version and payload, and the viewer', async () => {
    const out = join(dir, 'copy.html');
    const r = await runCli(['share', 'bundle', `http://lab.example/s/${TOKEN}`, '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const doc = documentOf(html);
    expect(doc).toMatchObject({
      studyId,
      studyName: NAME,
      view: `/studies/${studyId}/matrix?sort=gap`,
      dataVersion: 4,
      token: TOKEN,
      origin: null,
      payload: PAYLOAD,
    });
    expect(Date.parse(doc.pinnedAt)).toBeGreaterThan(Date.now() - 600_000);
    // The viewer (React, plotly.js and the share's views) is inline: no script or style comes from elsewhere.
    expect(html.length).toBeGreaterThan(1e6);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/i);
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
  }, 120_000);

  it('refuses a token that names no link, or that is no token, and writes nothing', async () => {
    const out = join(dir, 'missing.html');
    const missing = await runCli(['share', 'bundle', 'Zz'.repeat(12), '--out', out], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`no share link with token ${'Zz'.repeat(12)}`);
    const bad = await runCli(['share', 'bundle', 'not a token', '--out', out], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('is not a share link or token');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
