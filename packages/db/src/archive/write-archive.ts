import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../client';
import { CopyRowRewriter } from './copy-rows';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  COPY_SECTIONS,
  zeroCounts,
  type ArchiveHeader,
  type BenchmarkRecord,
  type CheckpointRecord,
  type CopyTable,
  type ExclusionRecord,
  type ProblemRecord,
  type RunRecord,
  type SectionCounts,
  type Trailer,
} from './format';

export interface ArchiveExportOptions {
  /** Include the problems' hidden tests (default true). */
  tests?: boolean;
  /** Frontier Explorer's version, written in the header. */
  appVersion: string;
  /** Samples written so far, of `total` (known once the header is written). */
  onProgress?: (samples: number, total: number) => void;
}

const FRAME_BYTES = 1 << 20;
const PROBLEM_PAGE = 1000;

/** Integers for a COPY statement's text, which takes no parameters. */
const intList = (ids: readonly number[]) => `ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`;

const COPY_QUERIES: Record<CopyTable, (runIds: string, benchmarkIds: string) => string> = {
  test: (_, b) =>
    `SELECT t.problem_id, t.ordinal, t.tier, t.input, t.expected FROM test t JOIN problem p ON p.id = t.problem_id
     WHERE p.benchmark_id = ANY(${b}) ORDER BY t.problem_id, t.ordinal`,
  sample: (r) => `SELECT ${COPY_SECTIONS.sample.columns.join(', ')} FROM sample WHERE run_id = ANY(${r})`,
  run_problem_aggregate: (r) =>
    `SELECT ${COPY_SECTIONS.run_problem_aggregate.columns.join(', ')} FROM run_problem_aggregate WHERE run_id = ANY(${r})`,
};

const line = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * A study as an archive (format.ts): gzip bytes to write or send in order, read from one snapshot
 * of the database (a repeatable-read transaction) and encoded as they are pulled, so memory stays
 * flat whatever the study's size. Undefined study id: a RangeError.
 */
export function studyArchive(db: Db, studyId: number, options: ArchiveExportOptions): AsyncIterable<Buffer> {
  const gzip = createGzip({ level: 1 }); // most of a sample's bytes are its Snappy-compressed program
  const source = Readable.from(rawArchive(db, studyId, options), { objectMode: false });
  source.on('error', (err) => gzip.destroy(err));
  // A reader that stops early (a full disk) ends the snapshot's transaction and frees its connection.
  gzip.on('close', () => source.destroy());
  source.pipe(gzip);
  return gzip;
}

async function* rawArchive(db: Db, studyId: number, options: ArchiveExportOptions): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  const emit = (buf: Buffer) => {
    hash.update(buf);
    return buf;
  };
  const client = await db.pool.connect();
  let committed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { runIds: runList, benchmarkIds: benchmarkList, ...header } = await readHeader(client, studyId, options);
    yield emit(line(header));
    const counts = zeroCounts();
    const runIds = intList(runList);
    const benchmarkIds = intList(benchmarkList);
    const { rows: benchmarks } = await client.query<BenchmarkRecord>(
      `SELECT 'benchmark' AS type, id, name, tiering FROM benchmark WHERE id = ANY(${benchmarkIds}) ORDER BY id`,
    );
    for (const b of benchmarks) yield emit(line(b));
    counts.benchmark = benchmarks.length;
    for (let after = 0; ;) {
      const { rows } = await client.query<ProblemRecord & { contestDate: Date | null }>(
        `SELECT 'problem' AS type, id, benchmark_id AS "benchmarkId", external_id AS "externalId", title, difficulty,
                platform, contest_date AS "contestDate", statement, time_limit_ms AS "timeLimitMs",
                memory_limit_mb AS "memoryLimitMb", checker
         FROM problem WHERE benchmark_id = ANY(${benchmarkIds}) AND id > $1 ORDER BY id LIMIT ${PROBLEM_PAGE}`,
        [after],
      );
      for (const p of rows) yield emit(line({ ...p, contestDate: iso(p.contestDate) }));
      counts.problem += rows.length;
      if (rows.length < PROBLEM_PAGE) break;
      after = rows.at(-1)!.id;
    }
    if (header.tests) yield* copySection(client, 'test', COPY_QUERIES.test(runIds, benchmarkIds), counts, emit);
    const { rows: checkpoints } = await client.query<CheckpointRecord & { createdAt: Date }>(
      `SELECT 'checkpoint' AS type, id, name, role::text AS role, alpha, parent_lo_id AS "parentLoId",
              parent_hi_id AS "parentHiId", coverage_level AS "coverageLevel", model_scale AS "modelScale", uri,
              recipe, created_at AS "createdAt"
       FROM checkpoint WHERE study_id = $1 ORDER BY id`,
      [studyId],
    );
    for (const c of checkpoints) yield emit(line({ ...c, createdAt: iso(c.createdAt) }));
    counts.checkpoint = checkpoints.length;
    const { rows: runs } = await client.query<RunRecord & { createdAt: Date }>(
      `SELECT 'run' AS type, r.id, r.checkpoint_id AS "checkpointId", r.benchmark_id AS "benchmarkId", r.setting,
              r.sampling, r.sampling_key AS "samplingKey", r.source_hash AS "sourceHash", r.created_at AS "createdAt"
       FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 ORDER BY r.id`,
      [studyId],
    );
    for (const r of runs) yield emit(line({ ...r, createdAt: iso(r.createdAt) }));
    counts.run = runs.length;
    const total = header.counts.sample;
    yield* copySection(client, 'sample', COPY_QUERIES.sample(runIds, benchmarkIds), counts, emit, (n) =>
      options.onProgress?.(n, total),
    );
    yield* copySection(
      client,
      'run_problem_aggregate',
      COPY_QUERIES.run_problem_aggregate(runIds, benchmarkIds),
      counts,
      emit,
    );
    yield* shares(client, studyId, counts, emit);
    const { rows: exclusions } = await client.query<ExclusionRecord & { createdAt: Date }>(
      `SELECT 'exclusion' AS type, x.problem_id AS "problemId", x.reason, x.created_at AS "createdAt", u.email AS by
       FROM problem_exclusion x LEFT JOIN app_user u ON u.id = x.created_by_id WHERE x.study_id = $1 ORDER BY x.problem_id`,
      [studyId],
    );
    for (const x of exclusions) yield emit(line({ ...x, createdAt: iso(x.createdAt) }));
    counts.exclusion = exclusions.length;
    const trailer: Trailer = { type: 'end', counts, sha256: hash.digest('hex') };
    yield line(trailer);
    await client.query('COMMIT');
    committed = true;
  } finally {
    // Stopped early (an error, or a reader that gave up mid-COPY): the connection is closed, not
    // reused, which ends its read-only transaction wherever it was.
    client.release(committed ? undefined : true);
  }
}

async function readHeader(
  client: pg.PoolClient,
  studyId: number,
  options: ArchiveExportOptions,
): Promise<ArchiveHeader & { runIds: number[]; benchmarkIds: number[] }> {
  const { rows } = await client.query<{
    uid: string;
    name: string;
    description: string;
    origin: string;
    data_version: number;
    config: unknown;
    created_at: Date;
    updated_at: Date;
  }>('SELECT uid, name, description, origin, data_version, config, created_at, updated_at FROM study WHERE id = $1', [
    studyId,
  ]);
  const study = rows[0];
  if (!study) throw new RangeError(`no study with id ${studyId}`);
  const { rows: runs } = await client.query<{ id: number; benchmark_id: number }>(
    'SELECT r.id, r.benchmark_id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1',
    [studyId],
  );
  const runIds = runs.map((r) => r.id);
  const benchmarkIds = [...new Set(runs.map((r) => r.benchmark_id))];
  const tests = options.tests ?? true;
  const { rows: n } = await client.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM benchmark WHERE id = ANY($2::int[])) AS benchmark,
            (SELECT count(*) FROM problem WHERE benchmark_id = ANY($2::int[])) AS problem,
            (SELECT count(*) FROM test t JOIN problem p ON p.id = t.problem_id WHERE $3 AND p.benchmark_id = ANY($2::int[])) AS test,
            (SELECT count(*) FROM checkpoint WHERE study_id = $4) AS checkpoint,
            (SELECT count(*) FROM sample WHERE run_id = ANY($1::int[])) AS sample,
            (SELECT count(*) FROM run_problem_aggregate WHERE run_id = ANY($1::int[])) AS run_problem_aggregate,
            (SELECT count(*) FROM share WHERE study_id = $4) AS share,
            (SELECT count(*) FROM problem_exclusion WHERE study_id = $4) AS exclusion`,
    [runIds, benchmarkIds, tests, studyId],
  );
  const counts = zeroCounts();
  for (const key of Object.keys(counts) as (keyof SectionCounts)[]) counts[key] = Number(n[0]?.[key] ?? 0);
  counts.run = runIds.length;
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    app: options.appVersion,
    created: new Date().toISOString(),
    tests,
    study: {
      uid: study.uid,
      name: study.name,
      description: study.description,
      origin: study.origin,
      dataVersion: study.data_version,
      config: study.config,
      createdAt: study.created_at.toISOString(),
      updatedAt: study.updated_at.toISOString(),
    },
    counts,
    runIds,
    benchmarkIds,
  };
}

/** A table section: its line, then COPY TO's bytes in frames of about FRAME_BYTES, then an empty frame. */
async function* copySection(
  client: pg.PoolClient,
  table: CopyTable,
  query: string,
  counts: SectionCounts,
  emit: (buf: Buffer) => Buffer,
  onRows?: (rows: number) => void,
): AsyncGenerator<Buffer> {
  const { columns } = COPY_SECTIONS[table];
  yield emit(line({ type: 'copy', table, columns }));
  // No renumbering here: the rewriter only counts and checks the rows it frames.
  const rows = new CopyRowRewriter(columns.length, [], columns);
  let parts: Buffer[] = [];
  let size = 0;
  const frame = () => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(size);
    const out = emit(Buffer.concat([head, ...parts], 4 + size));
    parts = [];
    size = 0;
    onRows?.(rows.rows);
    return out;
  };
  for await (const chunk of client.query(
    copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`),
  ) as AsyncIterable<Buffer>) {
    for (const part of rows.push(chunk)) {
      parts.push(part);
      size += part.length;
    }
    if (size >= FRAME_BYTES) yield frame();
  }
  rows.end();
  if (size > 0) yield frame();
  yield emit(Buffer.alloc(4)); // the empty frame: the section's end
  counts[table] = rows.rows;
}

async function* shares(
  client: pg.PoolClient,
  studyId: number,
  counts: SectionCounts,
  emit: (buf: Buffer) => Buffer,
): AsyncGenerator<Buffer> {
  const { rows: tokens } = await client.query<{ token: string }>(
    'SELECT token FROM share WHERE study_id = $1 ORDER BY created_at, token',
    [studyId],
  );
  // One at a time: a payload can weigh megabytes. It goes into the line as stored (jsonb's text).
  for (const { token } of tokens) {
    const { rows } = await client.query<{
      view: string;
      data_version: number;
      payload: string;
      created_at: Date;
      owner: string | null;
    }>(
      `SELECT s.view, s.data_version, s.payload::text AS payload, s.created_at, u.email AS owner
       FROM share s LEFT JOIN app_user u ON u.id = s.created_by_id WHERE s.token = $1`,
      [token],
    );
    const s = rows[0]!;
    const head = JSON.stringify({
      type: 'share',
      token,
      view: s.view,
      dataVersion: s.data_version,
      createdAt: s.created_at.toISOString(),
      owner: s.owner,
    });
    yield emit(Buffer.from(`${head.slice(0, -1)},"payload":${s.payload}}\n`));
    counts.share++;
  }
}
