import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseChars, type StudyData } from '@frontier/core';
import { writeFileAtomic } from '@frontier/disk';
import { recomputeAggregates } from '../src/aggregate';
import { ArchiveConflictError, importArchive } from '../src/archive/import-archive';
import { ArchiveError, COPY_SECTIONS, requiredColumns, type CopyTable } from '../src/archive/format';
import { studyArchive } from '../src/archive/write-archive';
import { addUser } from '../src/accounts/users';
import { programText } from '../src/program-codec';
import { importBenchmark } from '../src/ingest/benchmark';
import { studyImportFromFile } from '../src/ingest/from-files';
import { importStudy } from '../src/ingest/import-study';
import { upsertStudy } from '../src/ingest/upserts';
import { excludeProblems, listExclusions } from '../src/queries/exclusions';
import { findShare, insertShare } from '../src/queries/shares';
import { getStudyData } from '../src/queries/study-data';
import { studyExport } from '../src/queries/study-export';
import { createTestDatabase, type TestDatabase } from './test-database';

// Study archives (issue 38): a study with samples (programs, verdicts, per-test arrays),
// aggregates, hidden tests and a share goes out to one file and back into another database,
// where every view's data, the exports and the share read as they did; the same archive again
// changes nothing; a name clash is refused unless renamed; a damaged archive writes nothing.

const STUDY = 'Archive round trip';
let source: TestDatabase;
let target: TestDatabase;
let dir: string;
let archive: string;
let studyId: number;
let token: string;

function jsonl(name: string, salt: string): string {
  const lines = [];
  for (const p of ['p1', 'p2', 'p3'])
    for (let i = 0; i < 4; i++) {
      const verdict = (['AC', 'WA', 'TLE', 'AC'] as const)[(i + p.length + salt.length) % 4];
      lines.push(
        JSON.stringify({
          problem_id: p,
          code: `# ${salt} ${p} ${i}\nprint("é\\t${i}")\n`,
          verdict,
          ...(p !== 'p3' && {
            tests: [
              { tier: 1, verdict: 'AC', cpu_ms: 3 + i, peak_kib: 900 },
              { tier: 2, verdict, cpu_ms: 10 * i, peak_kib: 1000 + i },
            ],
          }),
          ...(i === 0 && { title: `Problem ${p}`, difficulty: p === 'p1' ? 'easy' : 'hard', platform: 'atcoder' }),
          ...(i === 1 && { response: `Thinking about ${p}…\n${salt}`, completion_tokens: 10 + p.length }),
        }),
      );
    }
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
}

async function tableCounts(t: TestDatabase): Promise<Record<string, number>> {
  const tables = [
    'study',
    'benchmark',
    'problem',
    'test',
    'checkpoint',
    'eval_run',
    'sample',
    'run_problem_aggregate',
    'share',
  ];
  const out: Record<string, number> = {};
  for (const table of tables)
    out[table] = Number((await t.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  return out;
}

async function text(chunks: AsyncIterable<string | Uint8Array>): Promise<string> {
  let s = '';
  for await (const c of chunks) s += typeof c === 'string' ? c : Buffer.from(c).toString('utf8');
  return s;
}

/** The study data with the database's ids replaced by names, which an import keeps. */
function byName(data: StudyData): unknown {
  return {
    ...data,
    studyId: 'study',
    checkpoints: data.checkpoints.map((c) => ({ ...c, id: c.name })),
    problems: data.problems.map((p) => ({ ...p, id: p.externalId })),
    excluded: data.excluded?.map((x) => ({ ...x, id: x.externalId })),
  };
}

async function studyIdNamed(t: TestDatabase, name: string): Promise<number> {
  return (await t.db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [name])).rows[0]!.id;
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  dir = mkdtempSync(join(tmpdir(), 'archive-'));
  await importBenchmark(source.db, {
    name: 'Archive bench',
    problems: ['p1', 'p2', 'p3'].map((p) => ({
      externalId: p,
      title: `Problem ${p}`,
      statement: `Read ${p}.`,
      timeLimitMs: 2000,
      tests: [
        { tier: 1, input: `${p} 1\n`, expected: '1\n' },
        { tier: 2, input: `${p} ${'9'.repeat(5000)}\n`, expected: '2\n' },
      ],
    })),
  });
  const runIds: number[] = [];
  for (const [file, role, alpha] of [
    ['low.jsonl', 'low', 0],
    ['high.jsonl', 'high', 1],
    ['mid.jsonl', 'merged', 0.5],
  ] as const) {
    const input = await studyImportFromFile(jsonl(file, file), {
      study: STUDY,
      alpha,
      role,
      benchmark: 'Archive bench',
    });
    runIds.push(...(await importStudy(source.db, input)).runIds);
  }
  await recomputeAggregates(source.db, runIds);
  studyId = await studyIdNamed(source, STUDY);
  // How some verdicts were reached, as the pipeline's judge records it.
  await source.db.pool.query(
    `UPDATE sample SET sandbox = 'rootless', judge_version = 1, limit_cpu_ms = 2000, limit_memory_kib = 262144, machine = 'Archive CPU @ 3.10GHz'
     WHERE idx = 0`,
  );
  const owner = await addUser(source.db, { email: 'owner@example.org', role: 'editor', passwordHash: 'x' });
  await excludeProblems(source.db, studyId, [{ externalId: 'p3', reason: 'interactive problem' }], owner.id);
  const data = (await getStudyData(source.db, studyId, {}))!;
  const [a, b] = data.checkpoints;
  token = 'pinnedTokenForTheArchiveTest';
  const payload = {
    facets: { settings: ['reasoning'] },
    datasets: { '': data },
    queries: [
      {
        key: ['studies', studyId, 'evidence', '', a!.id, b!.id],
        data: { failTiers: { [a!.id]: { [data.problems[0]!.id]: [1, 2] } } },
      },
    ],
  };
  await insertShare(source.db, {
    token,
    studyId,
    view: `/studies/${studyId}/triage?a=${a!.id}&b=${b!.id}`,
    dataVersion: data.dataVersion,
    payloadJson: JSON.stringify(payload),
    createdById: owner.id,
  });
  archive = join(dir, 'study.frontier.gz');
  await writeFileAtomic(archive, studyArchive(source.db, studyId, { appVersion: '0.1.0-test' }));
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.drop(), target?.drop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('study archive', () => {
  it('rebuilds the study in another database: views, exports and the share read the same', async () => {
    await addUser(target.db, { email: 'owner@example.org', role: 'viewer', passwordHash: 'y' });
    const summary = await importArchive(target.db, archive);
    expect(summary.status).toBe('imported');
    expect(summary.counts).toMatchObject({
      benchmark: 1,
      problem: 3,
      test: 6,
      checkpoint: 3,
      run: 3,
      sample: 36,
      share: 1,
      exclusion: 1,
    });
    const imported = summary.studyId;
    for (const filters of [{}, { difficulty: 'hard' }, { setting: 'reasoning' }]) {
      const before = (await getStudyData(source.db, studyId, filters))!;
      const after = (await getStudyData(target.db, imported, filters))!;
      expect(after.dataVersion).toBe(before.dataVersion);
      expect(byName(after)).toEqual(byName(before));
    }
    for (const options of [
      { format: 'csv' as const, includeExcluded: true },
      { format: 'csv' as const, samples: true, code: true, includeExcluded: true },
      { format: 'csv' as const },
    ]) {
      const before = await text(studyExport(source.db, studyId, options));
      expect(before.split('\n').length).toBeGreaterThan(options.samples ? 36 : options.includeExcluded ? 9 : 6);
      // The samples export carries each verdict's judge version, limits and machine.
      if (options.samples) expect(before).toContain('rootless,1,2000,262144,Archive CPU @ 3.10GHz');
      expect(await text(studyExport(target.db, imported, options))).toBe(before);
    }
    // Response lengths travel: per sample, and in the aggregates every view reads.
    const lengths = 'SELECT idx, response_chars, completion_tokens FROM sample ORDER BY 1, 2, 3';
    const sent = (await source.db.pool.query(lengths)).rows;
    expect(sent.filter((r) => r.completion_tokens !== null)).toHaveLength(9);
    expect((await target.db.pool.query(lengths)).rows).toEqual(sent);
    const after = (await getStudyData(target.db, imported, {}))!;
    expect(after.lengths!.tokens.some((x) => x > 0)).toBe(true);
    expect(after.lengths).toEqual((await getStudyData(source.db, studyId, {}))!.lengths);
    // The exclusion came along: who, when and why, and the views leave the problem out there too.
    const [was, now] = await Promise.all([listExclusions(source.db, studyId), listExclusions(target.db, imported)]);
    expect(now).toEqual(was.map((x) => ({ ...x, problemId: expect.any(Number) })));
    expect(now).toMatchObject([{ externalId: 'p3', reason: 'interactive problem', by: 'owner@example.org' }]);
    expect((await getStudyData(target.db, imported, {}))!.problems.map((p) => p.externalId)).toEqual(['p1', 'p2']);
    const tests = await target.db.pool.query('SELECT input, expected, tier FROM test ORDER BY input');
    expect(tests.rows).toEqual(
      (await source.db.pool.query('SELECT input, expected, tier FROM test ORDER BY input')).rows,
    );

    const wasShared = (await findShare(source.db, token))!;
    const nowShared = (await findShare(target.db, token))!;
    expect(nowShared.studyId).toBe(imported);
    expect(nowShared.dataVersion).toBe(wasShared.dataVersion);
    // Pinned at current data there as here.
    expect(wasShared.currentVersion).toBe(wasShared.dataVersion);
    expect(nowShared.currentVersion).toBe(nowShared.dataVersion);
    expect(nowShared.createdBy).toBe('owner@example.org');
    expect(nowShared.createdAt).toEqual(wasShared.createdAt);
    // The view and the pinned data name the imported rows, and otherwise read the same.
    const data = (await getStudyData(target.db, imported, {}))!;
    const [a, b] = data.checkpoints;
    expect(nowShared.view).toBe(`/studies/${imported}/triage?a=${a!.id}&b=${b!.id}`);
    const pinned = nowShared.payload as {
      datasets: Record<string, StudyData>;
      queries: { key: unknown[]; data: unknown }[];
    };
    expect(pinned.datasets['']).toEqual(data);
    expect(pinned.queries[0]!.key).toEqual(['studies', imported, 'evidence', '', a!.id, b!.id]);
    expect(pinned.queries[0]!.data).toEqual({ failTiers: { [a!.id]: { [data.problems[0]!.id]: [1, 2] } } });
  });

  it('starts with the documented header', () => {
    const raw = gunzipSync(readFileSync(archive));
    const header = JSON.parse(raw.subarray(0, raw.indexOf('\n')).toString()) as Record<string, unknown>;
    expect(Object.keys(header)).toEqual(['format', 'version', 'app', 'created', 'tests', 'study', 'counts']);
    expect(header).toMatchObject({ format: 'frontier-study-archive', version: 1, app: '0.1.0-test', tests: true });
  });

  it('ends its snapshot when the reader stops early', async () => {
    for await (const chunk of studyArchive(source.db, studyId, { appVersion: 'x' })) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    const open = async () =>
      (
        await source.db.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
        )
      ).rows[0]!.n;
    await expect.poll(open, { timeout: 5000 }).toBe('0');
  });

  it('imports an archive written before response lengths, deriving them as migrating does', async () => {
    // An older writer: the same sections without their trailing length columns.
    const sections = COPY_SECTIONS as unknown as Record<CopyTable, { columns: readonly string[] }>;
    const current = { sample: sections.sample.columns, run_problem_aggregate: sections.run_problem_aggregate.columns };
    const older = join(dir, 'older.frontier.gz');
    try {
      for (const table of ['sample', 'run_problem_aggregate'] as const)
        sections[table].columns = current[table].slice(0, requiredColumns(table));
      await writeFileAtomic(older, studyArchive(source.db, studyId, { appVersion: '0.0.9-test' }));
    } finally {
      Object.assign(sections.sample, { columns: current.sample });
      Object.assign(sections.run_problem_aggregate, { columns: current.run_problem_aggregate });
    }
    expect(gunzipSync(readFileSync(older)).toString('latin1')).not.toContain('response_chars');
    const fresh = await createTestDatabase();
    try {
      await expectOlderArchiveImported(fresh, older);
    } finally {
      await fresh.drop();
    }
  });

  async function expectOlderArchiveImported(into: TestDatabase, older: string): Promise<void> {
    const summary = await importArchive(into.db, older);
    expect(summary.status).toBe('imported');
    const after = (await getStudyData(into.db, summary.studyId, {}))!;
    const before = (await getStudyData(source.db, studyId, {}))!;
    // Characters come from the programs (the archive had no more); tokens are unknown.
    const { rows } = await into.db.pool.query<{
      chars: number;
      tokens: number | null;
      code: string | null;
      codeZ: Buffer | null;
    }>(
      `SELECT s.response_chars AS chars, s.completion_tokens AS tokens, s.code, s.code_z AS "codeZ"
       FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
       WHERE c.study_id = $1`,
      [summary.studyId],
    );
    expect(rows).toHaveLength(36);
    for (const r of rows) {
      expect(r.chars).toBe(responseChars(programText(r)));
      expect(r.tokens).toBeNull();
    }
    expect(after.lengths!.tokens.every((x) => x === 0)).toBe(true);
    expect(after.lengths!.chars.some((x) => x > 0)).toBe(true);
    expect(after.counts).toEqual(before.counts);
  }

  it('changes nothing when the same archive is imported again', async () => {
    const before = await tableCounts(target);
    const again = await importArchive(target.db, archive);
    expect(again.status).toBe('already-imported');
    expect(again.studyName).toBe(STUDY);
    expect(await tableCounts(target)).toEqual(before);
  });

  it('refuses a different study of the same name, and imports under --as', async () => {
    const other = await createTestDatabase();
    try {
      const local = await upsertStudy(other.db.pool, { name: STUDY });
      // A link of that other study happens to hold the archived link's token.
      await insertShare(other.db, {
        token,
        studyId: local,
        view: `/studies/${local}`,
        dataVersion: 0,
        payloadJson: '{}',
        createdById: null,
      });
      // The benchmark is there already, one problem worded differently and with tests of its own.
      await importBenchmark(other.db, {
        name: 'Archive bench',
        problems: ['p1', 'p2', 'p3'].map((p) => ({
          externalId: p,
          title: p === 'p1' ? 'Reworded' : `Problem ${p}`,
          statement: `Read ${p}.`,
          timeLimitMs: 2000,
          tests: [{ tier: 1, input: `${p} local\n`, expected: '1\n' }],
        })),
      });
      const before = await tableCounts(other);
      const refusal = await importArchive(other.db, archive).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(ArchiveConflictError);
      expect((refusal as Error).message).toMatch(/a different study named "Archive round trip" exists.*--as NAME/);
      expect(await tableCounts(other)).toEqual(before);
      const renamed = await importArchive(other.db, archive, { as: 'From the other lab' });
      expect(renamed).toMatchObject({
        status: 'imported',
        studyName: 'From the other lab',
        problemsMatched: 3,
        // The archive's carry the difficulty and platform its samples files gave them; these do not.
        problemsDiffering: 3,
      });
      // Matched, not duplicated: the problems and their tests are the ones that were here.
      expect(await tableCounts(other)).toMatchObject({ study: 2, problem: 3, test: 3, sample: 36, share: 2 });
      // The taken token stays the other study's; the archived link comes in under a new one.
      expect((await findShare(other.db, token))!.studyId).toBe(local);
      expect(renamed.sharesRetokened).toEqual([{ from: token, to: expect.stringMatching(/^[\w-]{24}$/) }]);
      const moved = (await findShare(other.db, renamed.sharesRetokened[0]!.to))!;
      expect(moved).toMatchObject({ studyId: renamed.studyId, studyName: 'From the other lab' });
      expect(moved.currentVersion).toBe(moved.dataVersion);
      const title = await other.db.pool.query("SELECT title FROM problem WHERE external_id = 'p1'");
      expect(title.rows).toEqual([{ title: 'Reworded' }]);
      // A problem already in the benchmark is matched, not duplicated: a second copy adds none.
      const again = await importArchive(other.db, archive, { as: 'A second copy' }).catch((e: unknown) => e);
      expect(again).toMatchObject({ status: 'already-imported', studyName: 'From the other lab' });
    } finally {
      await other.drop();
    }
  });

  describe('a damaged archive is refused and writes nothing', () => {
    let fresh: TestDatabase;
    let raw: Buffer;
    beforeAll(async () => {
      fresh = await createTestDatabase();
      raw = gunzipSync(readFileSync(archive));
    });
    afterAll(() => fresh.drop());

    async function refused(name: string, bytes: Buffer, message: RegExp): Promise<void> {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const before = await tableCounts(fresh);
      const err = await importArchive(fresh.db, path).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ArchiveError);
      expect((err as Error).message).toMatch(message);
      expect(await tableCounts(fresh)).toEqual(before);
    }

    /** The uncompressed archive with `edit` applied to the line that starts with `prefix`. */
    function edited(prefix: string, edit: (line: string) => string): Buffer {
      const at = raw.indexOf(`\n${prefix}`) + 1;
      const end = raw.indexOf('\n', at);
      return Buffer.concat([
        raw.subarray(0, at),
        Buffer.from(edit(raw.subarray(at, end).toString())),
        raw.subarray(end),
      ]);
    }

    it('truncated: the compressed file cut short', () =>
      refused('cut.gz', readFileSync(archive).subarray(0, Math.floor(readFileSync(archive).length / 2)), /truncated/));

    it('truncated: a whole gzip stream without its trailer', () =>
      refused(
        'no-trailer.gz',
        gzipSync(raw.subarray(0, raw.lastIndexOf('{"type":"end"'))),
        /without its trailer: it is truncated/,
      ));

    it('corrupt: damaged compressed bytes', () => {
      const bytes = Buffer.from(readFileSync(archive));
      for (let i = 40; i < 60; i++) bytes[i] = bytes[i]! ^ 0x5a;
      return refused('bad.gz', bytes, /corrupt|damaged|truncated/);
    });

    it('corrupt: one changed byte of a program (checksum mismatch)', () => {
      const bytes = Buffer.from(raw);
      const at = bytes.indexOf('"table":"sample"') + 400;
      bytes[at] = bytes[at]! ^ 1;
      return refused('flipped.gz', gzipSync(bytes), /checksum mismatch|sample section, row/);
    });

    it('corrupt: a malformed record names its line', () =>
      refused(
        'malformed.gz',
        gzipSync(edited('{"type":"checkpoint"', (l) => l.replace('"role":"', '"role":"X'))),
        /line \d+ \(byte \d+\): a malformed record \(role/,
      ));

    it('corrupt: a count that differs from the rows', () =>
      refused(
        'count.gz',
        gzipSync(edited('{"type":"end"', (l) => l.replace('"sample":36', '"sample":37'))),
        /row counts differ: sample 36 read, 37 written/,
      ));

    it('not an archive at all', () =>
      refused('not.gz', gzipSync('{"hello":1}\n'), /not a Frontier Explorer study archive.*decompress it first/));
  });
});
