import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recomputeAggregates } from '../src/aggregate';
import { COPY_SECTIONS, requiredColumns } from '../src/archive/format';
import { importArchive } from '../src/archive/import-archive';
import { studyArchive } from '../src/archive/write-archive';
import { getStudyData } from '../src/queries/study-data';
import { createTestDatabase, type TestDatabase } from './test-database';

// An archive written before some of today's columns existed names a prefix of them: it imports,
// the missing columns take their defaults, and the aggregates are rebuilt from the samples, so
// every view reads as it did where the archive was written. The older archive is made here from
// today's by dropping the aggregates' optional trailing columns (the failing tier split, the length sums)
// and re-signing it.

let source: TestDatabase;
let target: TestDatabase;
let dir: string;
let studyId: number;

/** A binary COPY stream with the last `drop` fields of every row removed. */
function dropFields(body: Buffer, drop: number): Buffer {
  const ext = body.readInt32BE(15);
  const out: Buffer[] = [body.subarray(0, 19 + ext)];
  let at = 19 + ext;
  for (;;) {
    const fields = body.readInt16BE(at);
    if (fields === -1) {
      out.push(body.subarray(at));
      return Buffer.concat(out);
    }
    const count = Buffer.alloc(2);
    count.writeInt16BE(fields - drop);
    out.push(count);
    at += 2;
    for (let f = 0; f < fields; f++) {
      const len = body.readInt32BE(at);
      const end = at + 4 + Math.max(0, len);
      if (f < fields - drop) out.push(body.subarray(at, end));
      at = end;
    }
  }
}

/** The archive as an older version wrote it: `table` without its last `drop` columns, checksum redone. */
function olderArchive(raw: Buffer, table: string, drop: number): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = raw.indexOf(0x0a, at);
    const record = JSON.parse(raw.subarray(at, end).toString()) as {
      type?: string;
      table?: string;
      columns?: string[];
    };
    if (record.type === 'end') {
      const before = Buffer.concat(out);
      const trailer = { ...record, sha256: createHash('sha256').update(before).digest('hex') };
      return Buffer.concat([before, Buffer.from(`${JSON.stringify(trailer)}\n`)]);
    }
    const line = raw.subarray(at, end + 1);
    at = end + 1;
    if (record.type !== 'copy') {
      out.push(line);
      continue;
    }
    const frames: Buffer[] = [];
    for (let size = raw.readUInt32BE(at); size > 0; size = raw.readUInt32BE(at)) {
      frames.push(raw.subarray(at + 4, at + 4 + size));
      at += 4 + size;
    }
    at += 4;
    let body: Buffer = Buffer.concat(frames);
    if (record.table === table) {
      record.columns = record.columns!.slice(0, -drop);
      body = dropFields(body, drop);
    }
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length);
    out.push(Buffer.from(`${JSON.stringify(record)}\n`), size, body, Buffer.alloc(4));
  }
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  dir = mkdtempSync(join(tmpdir(), 'archive-older-'));
  const q = (sql: string, params: unknown[] = []) => source.db.pool.query(sql, params);
  studyId = (await q(`INSERT INTO study (name) VALUES ('older') RETURNING id`)).rows[0].id;
  const bench = (await q(`INSERT INTO benchmark (name) VALUES ('b') RETURNING id`)).rows[0].id;
  const problem = (await q(`INSERT INTO problem (benchmark_id, external_id) VALUES ($1, 'p') RETURNING id`, [bench]))
    .rows[0].id;
  const runs: number[] = [];
  for (const [name, role] of [
    ['lo', 'LOW'],
    ['hi', 'HIGH'],
  ]) {
    const cp = (
      await q(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, $2, $3::"CheckpointRole") RETURNING id`, [
        studyId,
        name,
        role,
      ])
    ).rows[0].id;
    const run = (
      await q(`INSERT INTO eval_run (checkpoint_id, benchmark_id) VALUES ($1, $2) RETURNING id`, [cp, bench])
    ).rows[0].id;
    runs.push(run);
    await q(
      `INSERT INTO sample (run_id, problem_id, idx, code, verdict, failure_class, coverage_passed) VALUES
         ($1, $2, 0, 'x', 'WA', 'CORRECTNESS', 0), ($1, $2, 1, 'x', 'TLE', 'OPTIMIZATION', 2), ($1, $2, 2, 'x', 'AC', 'SOLVED', 3)`,
      [run, problem],
    );
  }
  await recomputeAggregates(source.db, runs);
});

afterAll(async () => {
  await Promise.all([source?.drop(), target?.drop()]);
  rmSync(dir, { recursive: true, force: true });
});

it('imports an archive from before the failing tier split, rebuilding the aggregates it lacks', async () => {
  const chunks: Buffer[] = [];
  for await (const c of studyArchive(source.db, studyId, { appVersion: 'test' })) chunks.push(c);
  const columns = COPY_SECTIONS.run_problem_aggregate.columns;
  const drop = columns.length - requiredColumns('run_problem_aggregate');
  expect(columns.slice(-drop)).toContain('fail_tier_correctness');
  const older = olderArchive(gunzipSync(Buffer.concat(chunks)), 'run_problem_aggregate', drop);
  expect(older.toString('latin1')).toContain(`"columns":${JSON.stringify(columns.slice(0, -drop))}`);
  const path = join(dir, 'older.frontier.gz');
  writeFileSync(path, gzipSync(older));

  const summary = await importArchive(target.db, path);
  expect(summary.status).toBe('imported');
  const before = (await getStudyData(source.db, studyId, {}))!;
  const after = (await getStudyData(target.db, summary.studyId, {}))!;
  expect(after.failTiers).toEqual(before.failTiers);
  expect(after.failTiers!.optimization.some((v) => v > 0)).toBe(true);
  expect(after.counts).toEqual(before.counts);
  expect(after.lengths).toEqual(before.lengths);
  expect(after.dataVersion).toBe(before.dataVersion);
});
