import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStudy, recomputeAggregates, studyImportFromFile, type ImportFields } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../../packages/db/test/test-database';
import { csvObjects, readParquet } from '../../../../packages/formats/test/read-table';
import { writeLcbFile, type FixtureProblem } from '../../../cli/test/lcb-fixture';
import { exportQuerySchema } from '../lib/study/export-params';
import { HttpError } from './http-error';
import { exportDownload } from './study-export';

// GET /api/studies/:id/export's whole path but Next: the query checked as the route checks it, the
// study looked up, the rows read from a real Postgres and streamed as the response body.

let t: TestDatabase;
let studyId: number;
const files = mkdtempSync(join(tmpdir(), 'frontier-export-src-'));
const STUDY = 'Web export ✓';
const LISTS = ['test_verdicts', 'test_cpu_ms', 'test_peak_kib'];

async function load(path: string, fields: ImportFields) {
  const summary = await importStudy(t.db, await studyImportFromFile(path, { study: STUDY, ...fields }));
  await recomputeAggregates(t.db, summary.runIds);
  return summary.studyId;
}

const download = (query: Record<string, string>, id = studyId) =>
  exportDownload(t.db, id, exportQuerySchema.parse(query));

async function chunksOf(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) out.push(chunk);
  return out;
}
const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.concat(await chunksOf(body));

beforeAll(async () => {
  t = await createTestDatabase();
  const jsonl = join(files, 'tests.jsonl');
  writeFileSync(
    jsonl,
    [
      {
        problem_id: 'w1',
        code: 'print(1)\n',
        response: 'So: print(1)\n',
        num_tokens: 5,
        verdict: 'TLE',
        tests: [
          { verdict: 'AC', cpu_ms: 3, peak_kib: 700 },
          { verdict: 'TLE', cpu_ms: 2000 },
        ],
      },
      {
        problem_id: 'w1',
        code: 'print("x,y")',
        verdict: 'AC',
        tests: [
          { verdict: 'AC', cpu_ms: 4, peak_kib: 710 },
          { verdict: 'AC', cpu_ms: 9, peak_kib: 800 },
        ],
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n'),
  );
  studyId = await load(jsonl, { alpha: 1.5, setting: 'tool', scale: '32B' });
  // 6,000 samples: more than one page of the samples export (5,000 rows).
  const many = Array.from({ length: 1000 }, (_, i): FixtureProblem => ({
    id: `m${i}`,
    difficulty: 'medium',
    codes: [0, -2, -3, 0, -4, 0],
  }));
  await load(writeLcbFile(files, 'many_eval_all.json', many), { alpha: 0, scale: '32B' });
});
afterAll(async () => t?.drop());

describe('GET /api/studies/:id/export (exportDownload)', () => {
  it('sends the aggregate rows as a CSV attachment named after the study', async () => {
    const res = await download({ format: 'csv' });
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="Web-export.csv"; filename*=UTF-8''Web%20export%20%E2%9C%93.csv`,
    });
    const rows = csvObjects((await bytesOf(res.body)).toString('utf8'));
    expect(rows).toHaveLength(1001);
    // Runs in alpha order: the LCB run (alpha 0) first, then the JSONL one.
    expect(rows[0]).toMatchObject({
      checkpoint: '32B alpha=0',
      problem_id: 'm0',
      n: '6',
      solved: '3',
      wa: '1',
      tle: '1',
      re: '1',
    });
    expect(rows[1000]).toMatchObject({
      study: STUDY,
      checkpoint: '32B alpha=1.5',
      alpha: '1.5',
      setting: 'tool',
      scale: '32B',
      problem_id: 'w1',
      n: '2',
      solved: '1',
      tle: '1',
      // 13 + 12 characters; one sample of the two has a token count.
      response_chars_sum: '25',
      completion_tokens_sum: '5',
      token_samples: '1',
    });
  });

  it('sends every sample with its program as Parquet', async () => {
    const res = await download({ format: 'parquet', samples: '1', code: '1' });
    expect(res.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Web-export-samples\.parquet"; /);
    const { rows } = await readParquet(await bytesOf(res.body));
    expect(rows).toHaveLength(6002);
    expect(rows.at(-2)).toEqual({
      checkpoint: '32B alpha=1.5',
      alpha: 1.5,
      setting: 'tool',
      scale: '32B',
      problem_id: 'w1',
      idx: 0,
      verdict: 'TLE',
      failure_class: 'OPTIMIZATION',
      coverage_passed: null,
      test_verdicts: ['AC', 'TLE'],
      test_cpu_ms: [3, 2000],
      test_peak_kib: [700, null],
      sandbox: null,
      judge_version: null,
      limit_cpu_ms: null,
      limit_memory_kib: null,
      machine: null,
      response_chars: 13,
      completion_tokens: 5,
      code: 'print(1)\n',
    });
    expect(rows[1]).toMatchObject({
      problem_id: 'm0',
      idx: 1,
      verdict: 'WA',
      failure_class: 'CORRECTNESS',
      test_verdicts: [],
      code: '# sample 1\nprint(-2)\n',
    });
  });

  it('streams CSV samples as the pages are read, and stops reading when the client goes away', async () => {
    const res = await download({ format: 'csv', samples: '1' });
    const chunks = await chunksOf(res.body);
    expect(chunks.length).toBeGreaterThanOrEqual(3); // the header, then one chunk per page of 5,000 rows
    const rows = csvObjects(Buffer.concat(chunks).toString('utf8'), LISTS);
    expect(rows).toHaveLength(6002);
    expect(rows.at(-1)).toMatchObject({
      problem_id: 'w1',
      idx: '1',
      verdict: 'AC',
      test_verdicts: ['AC', 'AC'],
      test_cpu_ms: [4, 9],
      test_peak_kib: [710, 800],
    });
    expect(rows[0]).not.toHaveProperty('code');

    const cancelled = (await download({ format: 'csv', samples: '1' })).body.getReader();
    expect((await cancelled.read()).done).toBe(false);
    await cancelled.cancel();
    expect((await cancelled.read()).done).toBe(true);
  });

  it('answers 404 for an unknown study, before any body', async () => {
    const err = await download({ format: 'csv' }, 2_000_000_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([(err as HttpError).status, (err as HttpError).message]).toEqual([404, 'no study with id 2000000000']);
  });

  it('names the query parameter that is wrong', () => {
    const issue = (query: Record<string, string>) => {
      const r = exportQuerySchema.safeParse(query);
      expect(r.success).toBe(false);
      const first = r.error!.issues[0]!;
      return first.code === 'unrecognized_keys'
        ? `${first.keys.join()}: unknown`
        : `${first.path.join('.')}: ${first.message}`;
    };
    expect(issue({})).toBe('format: must be csv or parquet');
    expect(issue({ format: 'xlsx' })).toBe('format: must be csv or parquet');
    expect(issue({ format: 'csv', samples: 'yes' })).toBe('samples: must be 0 or 1');
    expect(issue({ format: 'csv', code: '1' })).toBe('code: needs samples=1: the aggregate rows have no programs');
    expect(issue({ format: 'csv', limit: '5' })).toBe('limit: unknown');
    expect(exportQuerySchema.parse({ format: 'parquet', samples: '1', code: '0' })).toEqual({
      format: 'parquet',
      samples: true,
      code: false,
    });
  });
});
