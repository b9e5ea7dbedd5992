import { createHash, randomBytes, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../client';
import { writeAggregates } from '../aggregate';
import { fillResponseChars } from '../response-chars';
import { withTransaction } from '../transaction';
import { ByteReader } from './byte-reader';
import { CopyRowError, CopyRowRewriter, type IdMap } from './copy-rows';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  COPY_SECTIONS,
  readableColumns,
  SECTIONS,
  zeroCounts,
  type ArchiveHeader,
  type CheckpointRecord,
  type CopyRecord,
  type ProblemRecord,
  type SectionCounts,
} from './format';
import { headerSchema, parseRecord } from './records';
import { renumberPayload, renumberView } from './share-ids';

// Every gzip file is taken for an archive (results files are plain text): say what to do with a gzipped one.
const NOT_ARCHIVE_HINT =
  '; a compressed results file? Results files are imported as plain text: decompress it first (gunzip FILE)';

export interface ArchiveImportOptions {
  /** Import under this name instead of the archive's. */
  as?: string;
  /** Samples imported so far, of the archive's total. */
  onProgress?: (samples: number, total: number) => void;
  /** The file's name in messages (an upload's name, not its temporary path). */
  displayName?: string;
}

export interface ArchiveImportSummary {
  /** 'already-imported': this study (same identity and data version) is here; nothing was written. */
  status: 'imported' | 'already-imported';
  studyId: number;
  studyName: string;
  counts: SectionCounts;
  /** Problems that were already in their benchmark, kept as they are (tests included). */
  problemsMatched: number;
  /** ...of which differ from the archive's copy (title, statement, limits, checker, difficulty, ...). */
  problemsDiffering: number;
  /** Links whose token was taken here by another study's link: imported under a new token. */
  sharesRetokened: { from: string; to: string }[];
}

/** The study is here already under another data version, or its name is another study's. */
export class ArchiveConflictError extends Error {
  constructor(
    readonly kind: 'name' | 'version',
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveConflictError';
  }
}

const STUDY_NAME = /^[^\p{Cc}]{1,200}$/u;
const PROBLEM_BATCH = 1000;

/**
 * Rebuilds the archived study in one transaction, renumbering its rows; the trailer's counts and
 * checksum are verified before the commit, so a damaged archive writes nothing. The same archive
 * again (the study's identity and data version are here) changes nothing.
 */
export async function importArchive(
  db: Db,
  path: string,
  options: ArchiveImportOptions = {},
): Promise<ArchiveImportSummary> {
  const file = options.displayName ?? basename(path);
  if (options.as !== undefined && !STUDY_NAME.test(options.as))
    throw new RangeError('must be 1 to 200 characters without control characters');
  // Large pieces: fewer turns of the read loop per frame of rows.
  const gunzip = createGunzip({ chunkSize: 1 << 18 });
  const input = createReadStream(path, { highWaterMark: 1 << 20 });
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  const reader: ByteReader = new ByteReader(gunzip[Symbol.asyncIterator](), (err): Error =>
    gzipError(file, err, reader),
  );
  try {
    const { header, bytes } = await readHeader(reader, file);
    const settled = await settle(db, header, options.as, file);
    if (settled) return settled;
    const hash = createHash('sha256').update(bytes).update('\n');
    return await withTransaction(db.pool, (client) => rebuild(client, reader, header, hash, options, file));
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function gzipError(file: string, err: unknown, reader: ByteReader): Error {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR') return err as Error;
  const truncated = e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message);
  return new ArchiveError(
    file,
    `after ${reader.offset} bytes of data`,
    truncated
      ? 'the compressed data ends early: the archive is truncated (copy it again)'
      : `the compressed data is damaged (${e.message}): the archive is corrupt or not a study archive`,
  );
}

async function readHeader(reader: ByteReader, file: string): Promise<{ header: ArchiveHeader; bytes: Buffer }> {
  const first = await reader.line();
  if (!first?.complete) throw new ArchiveError(file, 'header', 'the archive ends before its header: it is truncated');
  let value: unknown;
  try {
    value = JSON.parse(first.text.toString('utf8'));
  } catch {
    throw new ArchiveError(
      file,
      'header',
      `the first line is not JSON: not a Frontier Explorer study archive${NOT_ARCHIVE_HINT}`,
    );
  }
  const v = value as { format?: unknown; version?: unknown };
  if (v.format !== ARCHIVE_FORMAT)
    throw new ArchiveError(
      file,
      'header',
      `not a Frontier Explorer study archive (no "frontier-study-archive" header)${NOT_ARCHIVE_HINT}`,
    );
  if (typeof v.version === 'number' && v.version > ARCHIVE_VERSION)
    throw new ArchiveError(
      file,
      'header',
      `written in archive format version ${v.version} by a newer Frontier Explorer; this one reads version ${ARCHIVE_VERSION}: upgrade it`,
    );
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ArchiveError(file, 'header', `${issue.path.join('.')}: ${issue.message}`);
  }
  return { header: parsed.data, bytes: first.text };
}

/** The outcome when nothing is to be written (the study is here), or undefined to go ahead; conflicts throw. */
async function settle(
  db: Db,
  header: ArchiveHeader,
  as: string | undefined,
  file: string,
): Promise<ArchiveImportSummary | undefined> {
  const { study } = header;
  const same = await db.pool.query<{ id: number; name: string; data_version: number }>(
    'SELECT id, name, data_version FROM study WHERE uid = $1',
    [study.uid],
  );
  const here = same.rows[0];
  if (here && here.data_version === study.dataVersion)
    return {
      status: 'already-imported',
      studyId: here.id,
      studyName: here.name,
      counts: zeroCounts(),
      problemsMatched: 0,
      problemsDiffering: 0,
      sharesRetokened: [],
    };
  if (here && as === undefined)
    throw new ArchiveConflictError(
      'version',
      `${file} holds study "${study.name}" at data version ${study.dataVersion}; this server has it already, as "${here.name}" at data version ${here.data_version}: import it beside it under another name with --as NAME, or delete "${here.name}" first`,
    );
  const name = as ?? study.name;
  const clash = await db.pool.query('SELECT 1 FROM study WHERE name = $1', [name]);
  if (clash.rowCount)
    throw new ArchiveConflictError(
      'name',
      as === undefined
        ? `a different study named "${name}" exists on this server: import the archive under another name with --as NAME`
        : `a study named "${name}" exists on this server already: choose another name`,
    );
  return undefined;
}

interface Maps {
  benchmarks: Map<number, number>;
  problems: Map<number, number>;
  /** For the test section: null for problems that were already here (their tests are kept). */
  problemTests: Map<number, number | null>;
  checkpoints: Map<number, number>;
  runs: Map<number, number>;
  /** Set when a section lacks the response-length columns (an archive written before them). */
  withoutLengths?: boolean;
}

async function rebuild(
  client: pg.PoolClient,
  reader: ByteReader,
  header: ArchiveHeader,
  hash: Hash,
  options: ArchiveImportOptions,
  file: string,
): Promise<ArchiveImportSummary> {
  const { study } = header;
  const name = options.as ?? study.name;
  // A copy beside the same study (--as) gets an identity of its own.
  const uid = (await client.query('SELECT 1 FROM study WHERE uid = $1', [study.uid])).rowCount
    ? randomUUID()
    : study.uid;
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO study (uid, name, description, origin, config, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [
      uid,
      name,
      study.description,
      study.origin,
      JSON.stringify(study.config ?? null),
      study.createdAt,
      study.updatedAt,
    ],
  );
  const studyId = inserted.rows[0]!.id;
  const maps: Maps = {
    benchmarks: new Map(),
    problems: new Map(),
    problemTests: new Map(),
    checkpoints: new Map(),
    runs: new Map(),
  };
  const counts = zeroCounts();
  const summary: ArchiveImportSummary = {
    status: 'imported',
    studyId,
    studyName: name,
    counts,
    problemsMatched: 0,
    problemsDiffering: 0,
    sharesRetokened: [],
  };
  const parents: CheckpointRecord[] = [];
  /** Table sections written before some of today's columns existed. */
  const olderColumns = new Set<string>();
  let problems: ProblemRecord[] = [];
  const flushProblems = async () => {
    if (problems.length) await insertProblems(client, problems, maps, summary);
    problems = [];
  };
  for (let lineNo = 2; ; lineNo++) {
    const start = reader.offset;
    const got = await reader.line();
    if (!got)
      throw new ArchiveError(file, `after ${start} bytes`, 'the archive ends without its trailer: it is truncated');
    const where = `line ${lineNo} (byte ${start})`;
    if (!got.complete) throw new ArchiveError(file, where, 'the archive ends inside a record: it is truncated');
    let value: unknown;
    try {
      value = JSON.parse(got.text.toString('utf8'));
    } catch {
      throw new ArchiveError(file, where, 'a malformed record (not JSON): the archive is corrupt');
    }
    const parsed = parseRecord(value);
    if (!parsed.ok) throw new ArchiveError(file, where, `a malformed record (${parsed.message})`);
    const record = parsed.record;
    if (record.type === 'end') {
      const digest = hash.digest('hex');
      if (digest !== record.sha256)
        throw new ArchiveError(
          file,
          'trailer',
          `checksum mismatch (the trailer says ${record.sha256.slice(0, 12)}…, the content hashes to ${digest.slice(0, 12)}…): the archive is corrupt`,
        );
      const wrong = SECTIONS.filter((s) => record.counts[s] !== counts[s]);
      if (wrong.length)
        throw new ArchiveError(
          file,
          'trailer',
          `row counts differ: ${wrong.map((s) => `${s} ${counts[s]} read, ${record.counts[s]} written`).join('; ')}`,
        );
      if (!(await reader.atEnd()))
        throw new ArchiveError(file, 'after the trailer', 'unexpected bytes after the trailer');
      break;
    }
    hash.update(got.text);
    hash.update('\n');
    if (record.type !== 'problem') await flushProblems();
    const known = <T>(map: Map<number, T>, id: number, what: string): T => {
      const v = map.get(id);
      if (v === undefined) throw new ArchiveError(file, where, `${what} ${id} is not one of the archive's records`);
      return v;
    };
    switch (record.type) {
      case 'benchmark': {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO benchmark (name, tiering) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
          [record.name, record.tiering],
        );
        maps.benchmarks.set(record.id, rows[0]!.id);
        break;
      }
      case 'problem':
        known(maps.benchmarks, record.benchmarkId, 'benchmark');
        problems.push(record);
        if (problems.length >= PROBLEM_BATCH) await flushProblems();
        break;
      case 'checkpoint': {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO checkpoint (study_id, name, role, alpha, coverage_level, model_scale, uri, recipe, created_at)
           VALUES ($1, $2, $3::"CheckpointRole", $4, $5, $6, $7, $8::jsonb, $9) RETURNING id`,
          [
            studyId,
            record.name,
            record.role,
            record.alpha,
            record.coverageLevel,
            record.modelScale,
            record.uri,
            JSON.stringify(record.recipe ?? null),
            record.createdAt,
          ],
        );
        maps.checkpoints.set(record.id, rows[0]!.id);
        if (record.parentLoId !== null || record.parentHiId !== null) parents.push(record);
        break;
      }
      case 'run': {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO eval_run (checkpoint_id, benchmark_id, setting, sampling, sampling_key, source_hash, created_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) RETURNING id`,
          [
            known(maps.checkpoints, record.checkpointId, 'checkpoint'),
            known(maps.benchmarks, record.benchmarkId, 'benchmark'),
            record.setting,
            JSON.stringify(record.sampling ?? {}),
            record.samplingKey,
            record.sourceHash,
            record.createdAt,
          ],
        );
        maps.runs.set(record.id, rows[0]!.id);
        break;
      }
      case 'copy':
        await copySection(client, reader, record, maps, hash, file, counts, options.onProgress, header.counts.sample);
        if (record.columns.length < COPY_SECTIONS[record.table].columns.length) olderColumns.add(record.table);
        continue; // counted by copySection
      case 'share': {
        const idMaps = { study: { from: -1, to: studyId }, checkpoints: maps.checkpoints, problems: maps.problems };
        const from = /^\/studies\/(\d+)/.exec(record.view);
        idMaps.study.from = from ? Number(from[1]) : -1;
        const taken = await client.query('SELECT 1 FROM share WHERE token = $1', [record.token]);
        const token = taken.rowCount ? randomBytes(18).toString('base64url') : record.token;
        if (token !== record.token) summary.sharesRetokened.push({ from: record.token, to: token });
        await client.query(
          `INSERT INTO share (token, study_id, view, data_version, payload, created_at, created_by_id)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, (SELECT id FROM app_user WHERE email = $7))`,
          [
            token,
            studyId,
            renumberView(record.view, idMaps),
            record.dataVersion,
            JSON.stringify(renumberPayload(record.payload, idMaps)),
            record.createdAt,
            record.owner,
          ],
        );
        break;
      }
      case 'exclusion':
        await client.query(
          `INSERT INTO problem_exclusion (study_id, problem_id, reason, created_at, created_by_id)
           VALUES ($1, $2, $3, $4, (SELECT id FROM app_user WHERE email = $5))`,
          [studyId, known(maps.problems, record.problemId, 'problem'), record.reason, record.createdAt, record.by],
        );
        break;
    }
    counts[record.type]++;
  }
  await flushProblems();
  // Written before some of today's columns: response lengths are derived from the programs, as
  // migrate() does, and the aggregates rebuilt from the samples, which hold all they are computed from.
  const runs = [...maps.runs.values()];
  if (maps.withoutLengths) await fillResponseChars(client, runs);
  if (maps.withoutLengths || olderColumns.has('run_problem_aggregate')) await writeAggregates(client, runs);
  for (const c of parents) {
    await client.query('UPDATE checkpoint SET parent_lo_id = $2, parent_hi_id = $3 WHERE id = $1', [
      maps.checkpoints.get(c.id),
      c.parentLoId === null ? null : (maps.checkpoints.get(c.parentLoId) ?? null),
      c.parentHiId === null ? null : (maps.checkpoints.get(c.parentHiId) ?? null),
    ]);
  }
  // Last, after every write that bumped it: the study says what it said, so pinned links match it.
  await client.query('UPDATE study SET data_version = $2, updated_at = $3 WHERE id = $1', [
    studyId,
    study.dataVersion,
    study.updatedAt,
  ]);
  return summary;
}

const PROBLEM_FIELDS = `external_id text, title text, difficulty text, platform text, contest_date timestamptz,
  statement text, time_limit_ms int, memory_limit_mb int, checker jsonb`;

/**
 * Problems are matched by (benchmark, external id): one already here is kept as it is, tests
 * included (other studies read it), and counted as differing when its content is not the archive's.
 */
async function insertProblems(
  client: pg.PoolClient,
  batch: ProblemRecord[],
  maps: Maps,
  summary: ArchiveImportSummary,
): Promise<void> {
  const byBenchmark = new Map<number, ProblemRecord[]>();
  for (const p of batch) {
    const b = maps.benchmarks.get(p.benchmarkId)!;
    byBenchmark.set(b, [...(byBenchmark.get(b) ?? []), p]);
  }
  for (const [benchmarkId, list] of byBenchmark) {
    const rows = JSON.stringify(
      list.map((p) => ({
        external_id: p.externalId,
        title: p.title,
        difficulty: p.difficulty,
        platform: p.platform,
        contest_date: p.contestDate,
        statement: p.statement,
        time_limit_ms: p.timeLimitMs,
        memory_limit_mb: p.memoryLimitMb,
        checker: p.checker ?? null,
      })),
    );
    const created = await client.query<{ id: number; external_id: string }>(
      `INSERT INTO problem (benchmark_id, external_id, title, difficulty, platform, contest_date, statement, time_limit_ms, memory_limit_mb, checker)
       SELECT $1, * FROM jsonb_to_recordset($2::jsonb) AS x(${PROBLEM_FIELDS})
       ON CONFLICT (benchmark_id, external_id) DO NOTHING RETURNING id, external_id`,
      [benchmarkId, rows],
    );
    const fresh = new Map(created.rows.map((r) => [r.external_id, r.id]));
    const existing = await client.query<{ id: number; external_id: string; same: boolean }>(
      `SELECT p.id, p.external_id,
              (p.title, p.difficulty, p.platform, p.contest_date, p.statement, p.time_limit_ms, p.memory_limit_mb, p.checker)
                IS NOT DISTINCT FROM (x.title, x.difficulty, x.platform, x.contest_date, x.statement, x.time_limit_ms, x.memory_limit_mb, x.checker) AS same
       FROM jsonb_to_recordset($2::jsonb) AS x(${PROBLEM_FIELDS})
       JOIN problem p ON p.benchmark_id = $1 AND p.external_id = x.external_id
       WHERE NOT (p.external_id = ANY($3::text[]))`,
      [benchmarkId, rows, [...fresh.keys()]],
    );
    const old = new Map(existing.rows.map((r) => [r.external_id, r]));
    for (const p of list) {
      const id = fresh.get(p.externalId);
      if (id !== undefined) {
        maps.problems.set(p.id, id);
        maps.problemTests.set(p.id, id);
        continue;
      }
      const here = old.get(p.externalId)!;
      maps.problems.set(p.id, here.id);
      maps.problemTests.set(p.id, null);
      summary.problemsMatched++;
      if (!here.same) summary.problemsDiffering++;
    }
  }
}

/** A table section's frames into COPY FROM, ids renumbered as they pass. */
async function copySection(
  client: pg.PoolClient,
  reader: ByteReader,
  record: CopyRecord,
  maps: Maps,
  hash: Hash,
  file: string,
  counts: SectionCounts,
  onProgress: ArchiveImportOptions['onProgress'],
  totalSamples: number,
): Promise<void> {
  const { ids } = COPY_SECTIONS[record.table];
  const columns = readableColumns(record.table, record.columns);
  if (!columns)
    throw new ArchiveError(file, `the ${record.table} section`, `unexpected columns ${record.columns.join(', ')}`);
  if (record.table === 'sample' && !columns.includes('response_chars')) maps.withoutLengths = true;
  const idMaps: IdMap[] = ids.map((kind) =>
    kind === 'run' ? maps.runs : record.table === 'test' ? maps.problemTests : maps.problems,
  );
  const rows = new CopyRowRewriter(columns.length, idMaps, columns);
  const where = () => `the ${record.table} section, row ${rows.rows + 1}`;
  const stream = client.query(copyFrom(`COPY ${record.table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`));
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => {});
  const write = async (buf: Buffer) => {
    if (!stream.write(buf)) await Promise.race([once(stream, 'drain'), failed]);
  };
  try {
    for (;;) {
      const at = reader.offset;
      const head = await reader.take(4);
      if (head.length < 4)
        throw new ArchiveError(file, where(), `the archive ends inside the section (byte ${at}): it is truncated`);
      hash.update(head);
      const size = head.readUInt32BE(0);
      if (size === 0) break;
      const frame = await reader.take(size);
      if (frame.length < size)
        throw new ArchiveError(file, where(), `the archive ends inside the section (byte ${at}): it is truncated`);
      hash.update(frame);
      for (const part of rows.push(frame)) await write(part);
      if (record.table === 'sample') onProgress?.(rows.rows, totalSamples);
    }
    rows.end();
    stream.end();
    await Promise.race([once(stream, 'finish'), failed]);
  } catch (err) {
    stream.destroy();
    if (err instanceof CopyRowError)
      throw new ArchiveError(
        file,
        `the ${record.table} section, row ${err.row}`,
        `${err.message}: the archive is corrupt`,
      );
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(file, where(), `the database refused the rows (${(err as Error).message})`);
  }
  counts[record.table] = rows.rows;
}
