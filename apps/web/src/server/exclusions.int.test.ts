// /api/studies/:id/exclusions in server mode, through the real route handlers (withRoute and its
// access check, tokens looked up in a real Postgres) behind a plain Node server, driven both by
// HTTP requests and by `frontier exclude --server`: every role, a revoked and a missing token.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import type { Role } from '@frontier/core';
import {
  addUser,
  createToken,
  importStudy,
  listExclusions,
  recomputeAggregates,
  revokeToken,
  studyImportFromFile,
} from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../../packages/db/test/test-database';
import { tempDir, writeLcbFile } from '../../../cli/test/lcb-fixture';

const CLI = fileURLToPath(new URL('../../../cli/bin/frontier.js', import.meta.url));

// !: 'server-only' throws outside Next's server bundle; it guards the build, not the behaviour.
vi.mock('server-only', () => ({}));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<NextResponse>;

const dir = tempDir();
const saved = { ...process.env };
let t: TestDatabase;
let server: Server;
let url: string;
let studyId: number;
const tokens = {} as Record<Role | 'revoked', string>;

/** The two routes the CLI needs, by method and path, with their path parameters. */
async function route(method: string, path: string): Promise<{ handler: Handler; params: Record<string, string> }> {
  if (path === '/api/studies' && method === 'GET')
    return { handler: (await import('../app/api/studies/route')).GET as unknown as Handler, params: {} };
  const m = /^\/api\/studies\/([^/]+)\/exclusions$/.exec(path);
  if (!m) throw new Error(`no route for ${method} ${path}`);
  const routes = await import('../app/api/studies/[id]/exclusions/route');
  const handler = { GET: routes.GET, POST: routes.POST, DELETE: routes.DELETE }[method];
  return { handler: handler as unknown as Handler, params: { id: m[1]! } };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const target = new URL(req.url!, 'http://frontier.test');
  const { handler, params } = await route(req.method!, target.pathname);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
  const answer = await handler(new NextRequest(target, { method: req.method, headers, body }), {
    params: Promise.resolve(params),
  });
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
}

async function api(method: 'GET' | 'POST' | 'DELETE', token: string | undefined, body?: unknown) {
  const res = await fetch(`${url}/api/studies/${studyId}/exclusions`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The real `frontier` binary, as a script on a cluster would run it. */
function cli(token: string | undefined, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    NODE_ENV: 'test',
    PATH: process.env.PATH ?? '',
    FRONTIER_DATA_DIR: dir,
    ...(token && { FRONTIER_TOKEN: token }),
  } as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'exclude', 'Served', ...args, '--server', url],
      { env, encoding: 'utf8' },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  // Server mode: the web app reads these on first use (env.ts).
  Object.assign(process.env, {
    DATABASE_URL: t.url,
    FRONTIER_DATA_DIR: dir,
    FRONTIER_HOST: '0.0.0.0',
    FRONTIER_AUTH_SECRET: 'a-test-secret-of-at-least-32-characters',
    FRONTIER_PUBLIC_URL: 'http://frontier.test',
  });
  const file = writeLcbFile(dir, 'served.json', [
    { id: 'q1', difficulty: 'easy', codes: [0, -2] },
    { id: 'q2', difficulty: 'hard', codes: [-3, 0] },
    { id: 'q3', difficulty: 'hard', codes: [0, 0] },
  ]);
  const summary = await importStudy(t.db, await studyImportFromFile(file, { study: 'Served', alpha: 0.5 }));
  await recomputeAggregates(t.db, summary.runIds);
  studyId = summary.studyId;
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    await addUser(t.db, { email: `${role}@example.com`, role, passwordHash: 'unused' });
    tokens[role] = (await createToken(t.db, `${role}@example.com`, 'test')).token;
  }
  const gone = await createToken(t.db, 'editor@example.com', 'revoked');
  await revokeToken(t.db, gone.id);
  tokens.revoked = gone.token;
  server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  process.env = saved;
  await t?.drop();
});

describe('exclusions in server mode', { timeout: 120_000 }, () => {
  it('a viewer reads the list and is refused writes; an editor and an admin write; who is recorded', async () => {
    expect((await api('GET', tokens.viewer)).status).toBe(200);
    const refused = await api('POST', tokens.viewer, { problems: [{ id: 'q1', reason: 'broken tests' }] });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(/editor/);
    expect((await api('DELETE', tokens.viewer, { problems: ['q1'] })).status).toBe(403);
    expect(await listExclusions(t.db, studyId)).toEqual([]);

    const made = await api('POST', tokens.editor, { problems: [{ id: 'q1', reason: 'broken tests' }] });
    expect(made).toMatchObject({ status: 200, body: { changed: 1 } });
    expect((await api('POST', tokens.admin, { problems: [{ id: 'q2', reason: 'interactive' }] })).status).toBe(200);
    const listed = await api('GET', tokens.viewer);
    expect(listed.body.exclusions).toMatchObject([
      { externalId: 'q1', reason: 'broken tests', by: 'editor@example.com' },
      { externalId: 'q2', reason: 'interactive', by: 'admin@example.com' },
    ]);
    expect((await api('DELETE', tokens.editor, { problems: ['q1', 'q2'] })).body).toMatchObject({ changed: 2 });
  });

  it('refuses a missing, revoked or unknown token with 401, changing nothing', async () => {
    for (const token of [undefined, tokens.revoked, 'fe_not-a-token']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const body =
          method === 'GET'
            ? undefined
            : method === 'POST'
              ? { problems: [{ id: 'q1', reason: 'x' }] }
              : { problems: ['q1'] };
        expect((await api(method, token, body)).status, `${method} with ${token}`).toBe(401);
      }
    }
    expect(await listExclusions(t.db, studyId)).toEqual([]);
  });

  it('validates bodies: a missing reason, an empty list, unknown ids and fields are 400s naming them', async () => {
    const cases: [unknown, RegExp][] = [
      [{ problems: [{ id: 'q1' }] }, /problems\.0\.reason/],
      [{ problems: [{ id: 'q1', reason: '   ' }] }, /needs a reason/],
      [{ problems: [] }, /at least one problem/],
      [{ problems: [{ id: 'q1', reason: 'x', extra: 1 }] }, /extra/],
      [
        {
          problems: [
            { id: 'q1', reason: 'x' },
            { id: 'nope', reason: 'x' },
          ],
        },
        /no problem "nope"/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', tokens.editor, body);
      const said = (res.body.error as { message: string }).message;
      expect([res.status, said], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await listExclusions(t.db, studyId)).toEqual([]);
  });

  it('frontier exclude --server: an editor excludes, lists and counts again; a viewer is refused; no token is refused', async () => {
    const made = await cli(tokens.editor, 'q3', '--reason', 'several outputs accepted');
    expect([made.code, made.stderr]).toEqual([0, '']);
    expect(made.stdout).toMatch(/^excluded 1 problem from study "Served"/);
    const list = await cli(tokens.viewer, '--list', '--json');
    expect(JSON.parse(list.stdout)).toMatchObject([
      { problem_id: 'q3', reason: 'several outputs accepted', by: 'editor@example.com' },
    ]);
    const viewer = await cli(tokens.viewer, 'q1', '--reason', 'x');
    expect([viewer.code, viewer.stderr]).toEqual([1, expect.stringMatching(/the server refused \(HTTP 403\)/)]);
    const anonymous = await cli(undefined, '--list');
    expect(anonymous.stderr).toMatch(/the server needs an API token \(HTTP 401\)/);
    const revoked = await cli(tokens.revoked, '--list');
    expect(revoked.stderr).toMatch(/does not accept this token \(HTTP 401\)/);
    const unknown = await cli(tokens.editor, 'zz', '--reason', 'x');
    expect(unknown.stderr).toMatch(/HTTP 400\): the study has no problem "zz"/);
    const removed = await cli(tokens.editor, 'q3', '--remove');
    expect(removed.stdout).toMatch(/^counted 1 problem again in study "Served"/);
    expect(await listExclusions(t.db, studyId)).toEqual([]);
    const list2 = await cli(tokens.admin, '--from-file', join(dir, 'missing.txt'));
    expect(list2.stderr).toMatch(/cannot read/);
  });
});
