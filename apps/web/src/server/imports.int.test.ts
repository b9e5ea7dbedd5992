import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../../packages/db/test/test-database';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../../../packages/disk/test/tmpfs';
import { writeLcbFile, type FixtureProblem } from '../../../cli/test/lcb-fixture';
import type { ApiErrorBody } from '../lib/api/api-error';
import { importQuerySchema } from '../lib/import/import-params';
import { errorResponse } from './error-response';
import { HttpError } from './http-error';
import { receiveImport, type ImportContext, type ImportUpload } from './imports';

// The import route's whole path but Next: the body streamed to the disk, the archive unpacked,
// the CLI's ingest into a real Postgres, the temporary files removed.

let t: TestDatabase;
let ctx: ImportContext;
const files = mkdtempSync(join(tmpdir(), 'frontier-upload-src-'));
const dataDir = mkdtempSync(join(tmpdir(), 'frontier-upload-data-'));

const lo: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, -2] },
  { id: 'p2', difficulty: 'hard', codes: [-3, 0, -4] },
];
const hi: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, 0] },
  { id: 'p2', difficulty: 'hard', codes: [0, 0, -2] },
];

/** A body as Next hands it to a route: a web ReadableStream, here of a file, in small chunks. */
function bodyOf(path: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(chunks(path))) as ReadableStream<Uint8Array>;
}
async function* chunks(path: string) {
  const { createReadStream } = await import('node:fs');
  yield* createReadStream(path, { highWaterMark: 64 });
}

function upload(
  path: string,
  contentType: string,
  query: Record<string, string>,
  contentLength?: number,
): ImportUpload {
  return {
    contentType,
    contentLength: contentLength === undefined ? null : String(contentLength),
    body: bodyOf(path),
    query: importQuerySchema.parse(query),
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

const count = async (table: string) =>
  Number((await t.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
const leftovers = () => readdirSync(join(dataDir, 'uploads'));

beforeAll(async () => {
  t = await createTestDatabase();
  const user = await addUser(t.db, { email: 'editor@example.org', role: 'editor', passwordHash: 'x' });
  ctx = { db: t.db, dataDir, maxBytes: 1 << 20, createdById: user.id };
  writeLcbFile(files, 'lo_eval_all.json', lo);
  writeLcbFile(files, 'hi_eval_all.json', hi);
  writeFileSync(
    join(files, 'bad_eval_all.json'),
    JSON.stringify([{ question_id: 'p9', code_list: ['x'], graded_list: ['yes'] }]),
  );
  writeFileSync(
    join(files, 'sweep.yaml'),
    'study: Archive sweep\nentries:\n  - { path: lo_eval_all.json, alpha: 0, role: low }\n  - { path: sub/hi_eval_all.json, alpha: 1, role: high }\n',
  );
  mkdirSync(join(files, 'sub'));
  writeLcbFile(join(files, 'sub'), 'hi_eval_all.json', hi);
});
afterAll(async () => t?.drop());

describe('POST /api/imports (receiveImport)', () => {
  it('imports an LCB file streamed as application/json, recording who asked on its jobs', async () => {
    const res = await receiveImport(
      upload(join(files, 'lo_eval_all.json'), 'application/json', {
        study: 'Uploaded',
        alpha: '0.5',
        scale: '7B',
        filename: 'lo_eval_all.json',
      }),
      ctx,
    );
    expect(res).toMatchObject({
      study: { name: 'Uploaded' },
      runs: 1,
      unchangedRuns: 0,
      problems: 2,
      samples: 6,
      unjudgedSamples: 0,
      judgeJobIds: [],
    });
    expect(res.aggregateJobId).toEqual(expect.any(Number));
    const { rows } = await t.db.pool.query('SELECT kind, created_by_id, queued_via FROM pipeline_job WHERE id = $1', [
      res.aggregateJobId,
    ]);
    expect(rows).toEqual([{ kind: 'aggregate', created_by_id: ctx.createdById, queued_via: 'web' }]);
    const { rows: cps } = await t.db.pool.query('SELECT name, role, alpha FROM checkpoint');
    expect(cps).toEqual([{ name: '7B alpha=0.5', role: 'MERGED', alpha: 0.5 }]);
    expect(leftovers()).toEqual([]);
  });

  it('changes nothing when the same file comes again (no aggregation job)', async () => {
    const samples = await count('sample');
    const res = await receiveImport(
      upload(join(files, 'lo_eval_all.json'), 'application/json', { study: 'Uploaded', alpha: '0.5', scale: '7B' }),
      ctx,
    );
    expect(res).toMatchObject({ runs: 1, unchangedRuns: 1, aggregateJobId: null });
    expect(await count('sample')).toBe(samples);
  });

  it('names the file, record and field of bad content, and writes nothing', async () => {
    const before = await count('sample');
    const err = await refusal(
      receiveImport(
        upload(join(files, 'bad_eval_all.json'), 'application/json', {
          study: 'Bad',
          alpha: '1',
          filename: 'bad_eval_all.json',
        }),
        ctx,
      ),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^bad_eval_all\.json: record 0 \(question_id "p9"\): field /);
    expect(err.message).not.toContain(dataDir);
    expect(await count('sample')).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('imports JSONL sent as application/x-ndjson, queuing samples without a verdict for judging', async () => {
    const lines = [
      { problem_id: 'j1', code: 'print(1)', verdict: 'AC', title: 'J one', difficulty: 'easy' },
      { problem_id: 'j1', code: 'print(2)', verdict: 'WA' },
      { problem_id: 'j2', code: 'print(3)' },
    ];
    writeFileSync(join(files, 'samples.txt'), lines.map((l) => JSON.stringify(l)).join('\n'));
    const res = await receiveImport(
      upload(join(files, 'samples.txt'), 'application/x-ndjson', {
        study: 'Lines',
        alpha: '1',
        setting: 'tool',
        filename: 'samples.txt',
      }),
      ctx,
    );
    expect(res).toMatchObject({
      study: { name: 'Lines' },
      runs: 1,
      problems: 2,
      samples: 3,
      unjudgedSamples: 1,
      judgeJobIds: [expect.any(Number)],
    });
    const { rows } = await t.db.pool.query(
      "SELECT b.name FROM benchmark b JOIN problem p ON p.benchmark_id = b.id WHERE p.external_id = 'j1'",
    );
    expect(rows).toEqual([{ name: 'custom' }]);
  });

  it('says which query parameter a single file needs', async () => {
    const err = await refusal(
      receiveImport(upload(join(files, 'lo_eval_all.json'), 'application/json', { study: 'Uploaded' }), ctx),
    );
    expect([err.status, err.message]).toEqual([
      400,
      "query parameter 'alpha' is required when importing a single results file (upload.json); or list files in a manifest",
    ]);
  });

  it('refuses other media types with a 415 listing the accepted ones', async () => {
    const err = await refusal(
      receiveImport(upload(join(files, 'lo_eval_all.json'), 'text/plain', { study: 'x', alpha: '1' }), ctx),
    );
    expect(err.status).toBe(415);
    expect(err.message).toContain('application/json, application/x-ndjson, application/x-tar, application/gzip');
  });

  it('answers 413 past the limit: up front from Content-Length, else when the count passes it', async () => {
    const small = { ...ctx, maxBytes: 200 };
    const path = join(files, 'lo_eval_all.json');
    const declared = upload(path, 'application/json', { study: 'Big', alpha: '1' }, 10_000);
    const early = await refusal(receiveImport(declared, small));
    expect(early.status).toBe(413);
    expect(early.message).toContain('FRONTIER_IMPORT_MAX_BYTES=200');
    expect(declared.body!.locked).toBe(false); // not a byte read
    const late = await refusal(receiveImport(upload(path, 'application/json', { study: 'Big', alpha: '1' }), small));
    expect(late.status).toBe(413);
    expect(late.headers).toEqual({ Connection: 'close' });
    expect(leftovers()).toEqual([]);
    expect((await t.db.pool.query("SELECT 1 FROM study WHERE name = 'Big'")).rowCount).toBe(0);
  });

  it('imports a manifest with its files from a tar archive, gzipped or not', async () => {
    for (const gzip of [false, true]) {
      const archive = join(dataDir, `sweep${gzip ? '.tgz' : '.tar'}`);
      await create({ cwd: files, file: archive, gzip, portable: true }, [
        'sweep.yaml',
        'lo_eval_all.json',
        'sub/hi_eval_all.json',
      ]);
      const res = await receiveImport(upload(archive, gzip ? 'application/gzip' : 'application/x-tar', {}), ctx);
      expect(res).toMatchObject({
        study: { name: 'Archive sweep' },
        runs: 2,
        unchangedRuns: gzip ? 2 : 0,
        problems: gzip ? 0 : 2,
      });
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses archive entries that would land outside, and manifests naming files outside', async () => {
    const escape = join(dataDir, 'escape.tar');
    await create({ cwd: join(files, 'sub'), file: escape, preservePaths: true }, ['../lo_eval_all.json']);
    const up = await refusal(receiveImport(upload(escape, 'application/x-tar', {}), ctx));
    expect([up.status, up.message]).toEqual([
      400,
      "the archive's entry \"../lo_eval_all.json\" climbs out of the archive with '..'; nothing was imported",
    ]);

    const linked = mkdtempSync(join(tmpdir(), 'frontier-upload-link-'));
    writeFileSync(join(linked, 'm.yaml'), 'study: Linked\nentries:\n  - { path: passwd.json, alpha: 0 }\n');
    symlinkSync('/etc/passwd', join(linked, 'passwd.json'));
    const link = join(dataDir, 'link.tar');
    await create({ cwd: linked, file: link }, ['m.yaml', 'passwd.json']);
    const sym = await refusal(receiveImport(upload(link, 'application/x-tar', {}), ctx));
    expect(sym.message).toBe(
      'the archive\'s entry "passwd.json" is a SymbolicLink: an import archive holds only files and directories; nothing was imported',
    );

    writeFileSync(
      join(linked, 'out.yaml'),
      'study: Outside\nentries:\n  - { path: ../../etc/hostname.json, alpha: 0 }\n',
    );
    const out = join(dataDir, 'out.tar');
    await create({ cwd: linked, file: out }, ['out.yaml']);
    const outside = await refusal(receiveImport(upload(out, 'application/x-tar', {}), ctx));
    expect(outside.status).toBe(400);
    expect(outside.message).toMatch(/^out\.yaml: entry 0: field path: /);
    expect(leftovers()).toEqual([]);
    expect((await t.db.pool.query("SELECT 1 FROM study WHERE name IN ('Linked', 'Outside')")).rowCount).toBe(0);
  });
});

// A real full disk: the data directory on a small tmpfs (root; skipped otherwise, saying why).
describe.skipIf(tmpfsUnavailable)(
  `POST /api/imports onto a full disk${tmpfsUnavailable ? ` (skipped: ${tmpfsUnavailable})` : ''}`,
  () => {
    const AMOUNT = '[\\d.]+ (?:B|KiB|MiB)';
    const big: FixtureProblem[] = Array.from({ length: 150 }, (_, i) => ({
      id: `b${i}`,
      difficulty: 'hard',
      codes: [0, -2, -3, 0],
    }));
    let disk: Tmpfs;
    beforeAll(() => void (disk = mountTmpfs('8m')));
    afterAll(() => disk?.unmount());

    /** With 256 KiB free: 507 naming the spool path and the space, nothing left; then, space freed, the import. */
    async function fillsThenWorks(send: () => ImportUpload, spooled: string, needed: string) {
      const filler = disk.fill(256 << 10);
      const onDisk = { ...ctx, dataDir: disk.dir, maxBytes: 64 << 20 };
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const res = errorResponse(
        await receiveImport(send(), onDisk).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect(res.status).toBe(507);
      expect(((await res.json()) as ApiErrorBody).error.message).toMatch(
        new RegExp(
          `^no space left on tmpfs \\(mounted at ${disk.dir}\\) for ${disk.dir}/uploads/import-\\w+/${spooled}: needed ${needed}, 25\\d KiB free; free some space and retry$`,
        ),
      );
      expect(readdirSync(join(disk.dir, 'uploads'))).toEqual([]);
      rmSync(filler);
      return receiveImport(send(), onDisk);
    }

    it('answers 507 for an LCB file that fills the disk while spooled, and imports it once space is freed', async () => {
      const path = writeLcbFile(files, 'big_eval_all.json', big, 800); // 0.5 MiB
      const send = () =>
        upload(
          path,
          'application/json',
          { study: 'Big', alpha: '0.5', filename: 'big_eval_all.json' },
          statSync(path).size,
        );
      expect(await fillsThenWorks(send, 'big_eval_all\\.json', `~${AMOUNT}`)).toMatchObject({
        runs: 1,
        problems: 150,
        samples: 600,
      });
    });

    it('answers 507 (not 400) for an archive that fills the disk while unpacking, and imports it once space is freed', async () => {
      const dir = join(files, 'big');
      mkdirSync(dir);
      writeFileSync(join(dir, 'm.yaml'), 'study: Big archive\nentries:\n  - { path: big_eval_all.json, alpha: 1 }\n');
      writeLcbFile(dir, 'big_eval_all.json', big, 800);
      const archive = join(dir, 'big.tgz'); // a few KiB: the padding compresses away
      await create({ cwd: dir, file: archive, gzip: true }, ['m.yaml', 'big_eval_all.json']);
      const send = () => upload(archive, 'application/gzip', {}, statSync(archive).size);
      expect(await fillsThenWorks(send, 'files', `more than ${AMOUNT}`)).toMatchObject({
        study: { name: 'Big archive' },
        runs: 1,
        samples: 600,
      });
    });
  },
);
