import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { importQuerySchema } from '../../web/src/lib/import/import-params';
import { HttpError } from '../../web/src/server/http-error';
import { receiveImport } from '../../web/src/server/imports';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

// `frontier import --server` against the web's import logic behind a plain Node server (Next's
// routing and the sign-in are the e2e tests'): the file or the manifest's tar is streamed, the
// flags arrive as the query, the summary line is the local import's, refusals name the status.

const TOKEN = 'test-token';
let t: TestDatabase;
let server: Server;
let url: string;
const dir = tempDir();
const seen: { contentType?: string; contentLength?: string; query: Record<string, string> }[] = [];

const problems: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, -2] },
  { id: 'p2', difficulty: 'hard', codes: [0, 0] },
];

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return send(res, 401, { error: { message: 'the API token is unknown or revoked' } });
  const target = new URL(req.url!, 'http://server');
  if (target.pathname.startsWith('/api/jobs/')) return send(res, 200, { job: { state: 'SUCCEEDED', error: null } });
  const query = Object.fromEntries(target.searchParams);
  const maxBytes = query.study === 'Too big' ? 100 : 1 << 20;
  seen.push({ contentType: req.headers['content-type'], contentLength: req.headers['content-length'], query });
  try {
    const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    const upload = {
      contentType: req.headers['content-type'] ?? null,
      contentLength: req.headers['content-length'] ?? null,
      body,
      query: importQuerySchema.parse(query),
    };
    const result = await receiveImport(upload, { db: t.db, dataDir: dir, maxBytes, createdById: null });
    send(res, result.aggregateJobId === null ? 200 : 201, result);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // Read what the client still sends before answering: a server that answers mid-upload and
    // closes can reset the connection before the client reads the answer (the CLI then reports
    // the broken-off upload, naming FRONTIER_IMPORT_MAX_BYTES), and this test checks the answer's
    // message, not that race.
    if (!req.complete) await new Promise((r) => req.resume().once('end', r).once('error', r));
    send(res, err.status, { error: { message: err.message } }, { ...err.headers });
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeLcbFile(dir, 'one_eval_all.json', problems);
  mkdirSync(join(dir, 'sweep', 'runs'), { recursive: true });
  writeLcbFile(join(dir, 'sweep'), 'lo.json', problems);
  writeLcbFile(
    join(dir, 'sweep', 'runs'),
    'hi.json',
    problems.map((p) => ({ ...p, codes: [0, 0] })),
  );
  writeFileSync(
    join(dir, 'sweep', 'sweep.yaml'),
    'study: Pushed sweep\nentries:\n  - { path: lo.json, alpha: 0, role: low }\n  - { path: runs/hi.json, alpha: 1, role: high }\n',
  );
  writeFileSync(
    join(dir, 'sweep', 'outside.yaml'),
    'study: Outside\nentries:\n  - { path: ../one_eval_all.json, alpha: 0 }\n',
  );
});
afterAll(async () => {
  server?.close();
  await t?.drop();
});

describe('frontier import --server', () => {
  it('streams a single file with its flags as the query, and prints the local summary line', async () => {
    const file = join(dir, 'one_eval_all.json');
    const r = await runCli(
      ['import', file, '--server', `${url}/`, '--study', 'Pushed', '--alpha', '0.25', '--scale', '7B', '--role', 'low'],
      { FRONTIER_TOKEN: TOKEN },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe('imported study "Pushed": 2 problems, 1 run, 4 samples\n');
    expect(seen.at(-1)).toEqual({
      contentType: 'application/json',
      contentLength: expect.stringMatching(/^\d+$/),
      query: { filename: 'one_eval_all.json', study: 'Pushed', alpha: '0.25', scale: '7B', role: 'low' },
    });
    const again = await runCli(
      [
        'import',
        file,
        '--server',
        url,
        '--token',
        TOKEN,
        '--study',
        'Pushed',
        '--alpha',
        '0.25',
        '--scale',
        '7B',
        '--role',
        'low',
      ],
      {},
    );
    expect(again.stdout).toContain('1 run (1 unchanged, skipped), 0 samples');
  });

  it('sends a manifest and its files as one tar, manifest first', async () => {
    const r = await runCli(['import', join(dir, 'sweep', 'sweep.yaml'), '--server', url, '--token', TOKEN], {});
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe('imported study "Pushed sweep": 2 problems, 2 runs, 8 samples\n');
    expect(seen.at(-1)).toMatchObject({ contentType: 'application/x-tar', query: { manifest: 'sweep.yaml' } });
  });

  it("refuses before sending: a manifest's file outside its folder, a single file without --alpha", async () => {
    const before = seen.length;
    const outside = await runCli(['import', join(dir, 'sweep', 'outside.yaml'), '--server', url, '--token', TOKEN], {});
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('entry 0: field path: "../one_eval_all.json" is outside the manifest\'s folder');
    const noAlpha = await runCli(
      ['import', join(dir, 'one_eval_all.json'), '--server', url, '--token', TOKEN, '--study', 'x'],
      {},
    );
    expect(noAlpha.stderr).toBe(
      'frontier: --alpha is required when importing a single results file (one_eval_all.json); or list files in a manifest\n',
    );
    expect(seen.length).toBe(before);
  });

  it("says what the server's refusals mean: a bad token, a file too large, bad content", async () => {
    const file = join(dir, 'one_eval_all.json');
    const noToken = await runCli(['import', file, '--server', url, '--study', 'x', '--alpha', '1'], {});
    expect(noToken.stderr).toContain('the server needs an API token (HTTP 401): pass --token or set FRONTIER_TOKEN');
    const bad = await runCli(['import', file, '--server', url, '--token', 'nope', '--study', 'x', '--alpha', '1'], {});
    expect(bad.stderr).toContain('the server does not accept this token (HTTP 401): it is unknown or revoked');
    const big = await runCli(
      ['import', file, '--server', url, '--token', TOKEN, '--study', 'Too big', '--alpha', '1'],
      {},
    );
    expect(big.stderr).toContain('the server refused the upload as too large (HTTP 413): the upload is larger than');
    expect(big.stderr).toContain('FRONTIER_IMPORT_MAX_BYTES=100');
    // A tar has no Content-Length: the server counts, stops reading at the limit, and answers.
    const bigTar = await runCli(
      ['import', join(dir, 'sweep', 'sweep.yaml'), '--server', url, '--token', TOKEN, '--study', 'Too big'],
      {},
    );
    expect(bigTar.stderr).toContain('the server refused the upload as too large (HTTP 413)');
    writeFileSync(join(dir, 'broken_eval_all.json'), '[{"question_id": "q1", ');
    const broken = await runCli(
      ['import', join(dir, 'broken_eval_all.json'), '--server', url, '--token', TOKEN, '--study', 'x', '--alpha', '1'],
      {},
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      /^frontier: the server refused the import \(HTTP 400\): broken_eval_all\.json: .*nothing was imported\n$/,
    );
  });
});
