import { existsSync, readdirSync } from 'node:fs';
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

// `frontier export STUDY --archive FILE` and `frontier import FILE` as a user runs them: the
// archive goes from one database to another (directly, and through POST /api/imports with
// --server), a second import says so and changes nothing, and bad flag combinations are refused
// before anything is read or written.

const STUDY = 'Archived sweep';
let from: TestDatabase;
let to: TestDatabase;
let server: Server;
let url: string;
const dir = tempDir();
const archive = join(dir, 'sweep.frontier.gz');
const problems: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, -2, 0] },
  { id: 'p2', difficulty: 'hard', codes: [0, 0, -3] },
];

const cli = (db: TestDatabase, args: string[]) => runCli(args, { DATABASE_URL: db.url });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const query = Object.fromEntries(new URL(req.url!, 'http://server').searchParams);
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  try {
    const result = await receiveImport(
      {
        contentType: req.headers['content-type'] ?? null,
        contentLength: req.headers['content-length'] ?? null,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        query: importQuerySchema.parse(query),
      },
      { db: to.db, dataDir: dir, maxBytes: 1 << 30, createdById: null },
    );
    send(result.archive?.alreadyImported === false ? 201 : 200, result);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (!req.complete) await new Promise((r) => req.resume().once('end', r).once('error', r));
    send(err.status, { error: { message: err.message } });
  }
}

async function sampleCount(db: TestDatabase): Promise<number> {
  return Number((await db.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sample')).rows[0]!.n);
}

beforeAll(async () => {
  [from, to] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [alpha, role] of [
    [0, 'low'],
    [1, 'high'],
  ] as const) {
    const file = writeLcbFile(dir, `a${alpha}_eval_all.json`, problems);
    const r = await cli(from, ['import', file, '--study', STUDY, '--alpha', String(alpha), '--role', role]);
    expect(r.stderr).toBe('');
  }
}, 120_000);

afterAll(async () => {
  server?.close();
  await Promise.all([from?.drop(), to?.drop()]);
});

describe('frontier export --archive / frontier import', () => {
  it('refuses bad flag combinations before reading anything', async () => {
    const refused = async (args: string[], message: string) => {
      const r = await cli(from, args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(message);
    };
    await refused(['export', STUDY, '--archive', archive, '--format', 'csv'], 'leave out --format');
    await refused(['export', STUDY, '--archive', archive, '--samples', '--code'], 'leave out --samples, --code');
    await refused(['export', STUDY, '--archive', archive, '--out', 'x'], 'leave out --out');
    await refused(['export', STUDY, '--format', 'csv', '--no-tests'], '--no-tests goes with --archive FILE');
    await refused(['export', STUDY], 'say what to export: --format csv|parquet for a table, or --archive FILE');
    await refused(['export', 'No such study', '--archive', archive], 'no study named "No such study"');
    expect(existsSync(archive)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('sweep.frontier.gz'))).toEqual([]);
    await refused(['import', join(dir, 'a0_eval_all.json'), '--as', 'X'], '--as renames the study of a study archive');
  });

  it('moves the study between databases, once', async () => {
    const out = await cli(from, ['export', STUDY, '--archive', archive]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const flags = await cli(to, ['import', archive, '--study', 'S', '--alpha', '1']);
    expect(flags.code).not.toBe(0);
    expect(flags.stderr).toContain(
      'is a study archive: it carries its own study, checkpoints and benchmark, so --study, --alpha do not apply',
    );
    const first = await cli(to, ['import', archive]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(
      `imported study "${STUDY}" from the archive: 2 checkpoints, 2 runs, 12 samples, 2 problems`,
    );
    expect(await sampleCount(to)).toBe(12);
    const second = await cli(to, ['import', archive]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`already imported: study "${STUDY}" holds this archive's data; nothing changed`);
    expect(await sampleCount(to)).toBe(12);
    const table = (db: TestDatabase) => cli(db, ['export', STUDY, '--format', 'csv']);
    expect((await table(to)).stdout).toBe((await table(from)).stdout);
  });

  it('goes through a server with --server, and a taken name needs --as', async () => {
    // The study is on the server already (previous test) and a new one takes its name here.
    await from.db.pool.query('UPDATE study SET name = $1', ['Renamed at home']);
    await from.db.pool.query('INSERT INTO study (name) VALUES ($1)', [STUDY]);
    const other = join(dir, 'other.frontier.gz');
    expect((await cli(from, ['export', STUDY, '--archive', other, '--no-tests'])).code).toBe(0);
    const clash = await cli(to, ['import', other, '--server', url]);
    expect(clash.code).not.toBe(0);
    expect(clash.stderr).toContain(
      `a different study named "${STUDY}" exists on this server: import the archive under another name with --as NAME`,
    );
    const renamed = await cli(to, ['import', other, '--server', url, '--as', 'Pushed copy']);
    expect(renamed.stderr).toBe('');
    expect(renamed.stdout).toContain('imported study "Pushed copy" from the archive: 0 checkpoints');
    const names = await to.db.pool.query<{ name: string }>('SELECT name FROM study ORDER BY name');
    expect(names.rows.map((r) => r.name)).toEqual([STUDY, 'Pushed copy']);
  });
});
