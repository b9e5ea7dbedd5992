import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERDICTS } from '@frontier/core';
import { exportSamples, programText, type Db } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { csvObjects, readParquet } from '../../../packages/formats/test/read-table';
import { CliError } from '../src/errors';
import { archiveOptions, exportOptions } from '../src/commands/export';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

// `frontier export` against a real Postgres: what it writes, read back (CSV with a parser of the
// test's own, Parquet with hyparquet), must be what the database holds.

let t: TestDatabase;
let env: Record<string, string>;
let studyId: number;
const dir = tempDir();
const STUDY = 'Export sweep';
const LISTS = ['test_verdicts', 'test_cpu_ms', 'test_peak_kib'];
const BIN = fileURLToPath(new URL('../bin/frontier.js', import.meta.url));

function jsonl(name: string, records: object[]): string {
  const path = join(dir, name);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

/** The CLI's standard output as bytes (a pipe, not a terminal). */
function exportBytes(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'export', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr }));
  });
}

async function exported(args: string[]): Promise<string> {
  const r = await runCli(['export', STUDY, ...args], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/** Every sample of the study straight from the tables, in the export's order, typed as Parquet keeps them. */
async function samplesInDb(db: Db, code: boolean): Promise<Record<string, unknown>[]> {
  const { rows } = await db.pool.query(
    `SELECT c.name AS checkpoint, c.alpha, r.setting, c.model_scale AS scale, p.external_id AS problem_id, s.idx,
            s.verdict::text AS verdict, s.failure_class::text AS failure_class, s.coverage_passed,
            coalesce(s.test_verdicts, '{}') AS test_verdicts, coalesce(s.test_cpu_ms, '{}') AS test_cpu_ms,
            coalesce(s.test_peak_kib, '{}') AS test_peak_kib, s.sandbox::text AS sandbox, s.judge_version, s.limit_cpu_ms,
            s.limit_memory_kib, s.machine, s.response_chars, s.completion_tokens, s.code, s.code_z
     FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id JOIN problem p ON p.id = s.problem_id
     WHERE c.study_id = $1 ORDER BY c.alpha NULLS LAST, c.name, r.setting, r.id, s.problem_id, s.idx`,
    [studyId],
  );
  // A program is compressed in code_z, or text in code for rows written before compression.
  return rows.map(({ code: text, code_z: z, ...r }) => {
    const program = programText({ code: text as string | null, codeZ: z as Buffer | null });
    return {
      ...r,
      test_verdicts: (r.test_verdicts as number[]).map((v) => VERDICTS[v]),
      ...(code ? { code: program } : {}),
    };
  });
}

/** A typed row as a CSV cell reads: scalars as text (null as empty), lists as they are. */
const asCsv = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, LISTS.includes(k) ? v : v === null ? '' : String(v)]));

const TLE_SAMPLE = {
  checkpoint: '7B alpha=0',
  alpha: 0,
  setting: 'reasoning',
  scale: '7B',
  problem_id: 'x1',
  idx: 1,
  verdict: 'TLE',
  failure_class: 'OPTIMIZATION',
  coverage_passed: null,
  test_verdicts: ['AC', 'TLE'],
  test_cpu_ms: [12, null],
  test_peak_kib: [2048, null],
  // As a worker of this judge version would have recorded it (set below).
  sandbox: 'rootless',
  judge_version: 1,
  limit_cpu_ms: 2000,
  limit_memory_kib: 262144,
  machine: 'Test CPU @ 2.00GHz',
  response_chars: 30,
  completion_tokens: 9,
};

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url };
  const imports = [
    [
      jsonl('lo.jsonl', [
        {
          problem_id: 'x1',
          code: 'print(1)',
          verdict: 'AC',
          tests: [
            { tier: 1, verdict: 'AC', cpu_ms: 5, peak_kib: 900 },
            { tier: 2, verdict: 'AC', cpu_ms: 7, peak_kib: 1000 },
          ],
        },
        {
          problem_id: 'x1',
          code: 'while True: pass',
          response: 'Loop forever:\nwhile True: pass',
          completion_tokens: 9,
          verdict: 'TLE',
          tests: [{ verdict: 'AC', cpu_ms: 12, peak_kib: 2048 }, { verdict: 'TLE' }],
        },
        {
          problem_id: 'x2',
          code: 'print("a,b")\nprint(2)\n',
          verdict: 'WA',
          tests: [{ verdict: 'WA', cpu_ms: 1, peak_kib: 512 }],
        },
        { problem_id: 'x2', code: 'print(3)' },
      ]),
      '--alpha',
      '0',
      '--scale',
      '7B',
    ],
    [
      jsonl('hi.jsonl', [
        { problem_id: 'x1', code: 'print(1)', verdict: 'AC' },
        {
          problem_id: 'x2',
          code: 'x = [0] * 10**10',
          verdict: 'MLE',
          tests: [{ verdict: 'MLE', cpu_ms: 40, peak_kib: 262144 }],
        },
      ]),
      '--alpha',
      '1',
      '--setting',
      'tool',
      '--scale',
      '7B',
    ],
    // 6,000 samples in one run: more than one page of the samples export.
    [
      writeLcbFile(
        dir,
        'many.json',
        Array.from({ length: 1000 }, (_, i): FixtureProblem => ({
          id: `q${i}`,
          difficulty: 'hard',
          codes: [0, -2, -3, 0, -4, 0],
        })),
      ),
      '--alpha',
      '0.5',
      '--scale',
      '7B',
    ],
  ];
  for (const [path, ...flags] of imports) {
    const r = await runCli(['import', path!, '--study', STUDY, ...flags], env);
    expect(r.stderr).toBe('');
  }
  studyId = (await t.db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY])).rows[0]!.id;
  await t.db.pool.query(
    `UPDATE sample SET sandbox = 'rootless', judge_version = 1, limit_cpu_ms = 2000, limit_memory_kib = 262144, machine = 'Test CPU @ 2.00GHz'
     WHERE verdict = 'TLE' AND run_id IN (SELECT r.id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 AND c.alpha = 0)`,
    [studyId],
  );
});
afterAll(async () => t?.drop());

describe('frontier export', () => {
  it('writes the aggregate rows as CSV and the same rows, typed, as Parquet', async () => {
    const rows = csvObjects(await exported(['--format', 'csv']));
    expect(rows).toHaveLength(2 + 2 + 1000);
    expect(rows).toContainEqual({
      study: STUDY,
      checkpoint: '7B alpha=0',
      alpha: '0',
      setting: 'reasoning',
      scale: '7B',
      problem_id: 'x1',
      difficulty: 'unknown',
      n: '2',
      solved: '1',
      ac: '1',
      wa: '0',
      tle: '1',
      mle: '0',
      re: '0',
      ce: '0',
      ole: '0',
      ie: '0',
      // 'print(1)' (8 characters, no response given) and the TLE sample's response (30, 9 tokens).
      response_chars_sum: '38',
      completion_tokens_sum: '9',
      token_samples: '1',
    });
    const out = join(dir, 'aggregate.parquet');
    await exported(['--format', 'parquet', '--out', out]);
    const { rows: typed } = await readParquet(readFileSync(out));
    expect(typed.map(asCsv)).toEqual(rows);
    expect(typed.find((r) => r.checkpoint === '7B alpha=1' && r.problem_id === 'x2')).toMatchObject({
      alpha: 1,
      setting: 'tool',
      n: 1,
      mle: 1,
    });
  });

  it('writes every sample with --samples: CSV list cells as JSON arrays, Parquet lists as lists', async () => {
    const expected = await samplesInDb(t.db, false);
    expect(expected).toHaveLength(4 + 2 + 6000);
    const csv = csvObjects(await exported(['--format', 'csv', '--samples']), LISTS);
    expect(csv).toEqual(expected.map(asCsv));
    expect(csv).toContainEqual(asCsv(TLE_SAMPLE));
    // A pending sample: no verdict, no class, no per-test record.
    expect(csv).toContainEqual(
      expect.objectContaining({
        problem_id: 'x2',
        idx: '1',
        verdict: '',
        failure_class: '',
        test_verdicts: [],
        test_cpu_ms: [],
      }),
    );

    const out = join(dir, 'samples.parquet');
    await exported(['--format', 'parquet', '--samples', '--out', out]);
    const { rows } = await readParquet(readFileSync(out));
    expect(rows).toEqual(expected);
    expect(rows).toContainEqual(TLE_SAMPLE);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('adds each program with --code, byte for byte', async () => {
    const expected = await samplesInDb(t.db, true);
    const csv = csvObjects(await exported(['--format', 'csv', '--samples', '--code']), LISTS);
    expect(csv).toEqual(expected.map(asCsv));
    expect(csv).toContainEqual(
      expect.objectContaining({ problem_id: 'x2', idx: '0', code: 'print("a,b")\nprint(2)\n' }),
    );
    const piped = await exportBytes([STUDY, '--format', 'parquet', '--samples', '--code']);
    expect(piped.stderr).toBe('');
    expect((await readParquet(piped.stdout)).rows).toEqual(expected);
  });

  it('reads the samples in keyset pages, never the whole study at once', async () => {
    const pages: number[] = [];
    const rows: unknown[] = [];
    for await (const page of exportSamples(t.db, studyId, { pageSize: 1000 })) {
      pages.push(page.length);
      rows.push(...page);
    }
    // The 6,000-sample run takes six pages (the last one full, then an empty read); the small runs one each.
    expect(pages).toEqual([4, 1000, 1000, 1000, 1000, 1000, 1000, 2]);
    expect(rows).toEqual(await samplesInDb(t.db, false));
  });

  it('refuses bad flags, saying what to do, and unknown studies', async () => {
    const refused = async (args: string[]) => {
      const r = await runCli(['export', STUDY, ...args], env);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      return r.stderr;
    };
    expect(await refused(['--format', 'xlsx'])).toBe('frontier: --format must be csv or parquet (got "xlsx")\n');
    expect(await refused(['--format', 'csv', '--code'])).toBe(
      'frontier: --code needs --samples: the aggregate rows have no programs\n',
    );
    expect(await refused([])).toContain('say what to export: --format csv|parquet for a table, or --archive FILE');
    expect(() => exportOptions({ format: 'parquet' }, true)).toThrow(
      new CliError(
        'Parquet is binary: write it to a file with --out FILE, or redirect standard output (> FILE, | ...)',
      ),
    );
    expect(exportOptions({ format: 'parquet', out: 'x.parquet', samples: true }, true)).toEqual({
      format: 'parquet',
      samples: true,
      code: false,
      includeExcluded: false,
      window: {},
    });
    expect(exportOptions({ format: 'csv', includeExcluded: true }, true)).toMatchObject({ includeExcluded: true });
    // An archive carries the exclusions themselves: nothing to include.
    expect(() => archiveOptions({ archive: 'a.frontier.gz', includeExcluded: true })).toThrow(
      /leave out --include-excluded/,
    );
    const missing = await runCli(
      ['export', 'No such study', '--format', 'parquet', '--out', join(dir, 'none.parquet')],
      env,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no study named "No such study"');
    expect(readdirSync(dir).filter((f) => f.startsWith('none.parquet'))).toEqual([]);
  });
});
