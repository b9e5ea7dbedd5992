import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeAggregates } from '../src/aggregate';
import { studyImportFromFile } from '../src/ingest/from-files';
import { importStudy } from '../src/ingest/import-study';
import type { SampleRecord } from '../src/ingest/types';
import { migrate } from '../src/migrate';
import { encodeProgram } from '../src/program-codec';
import { getStudyData } from '../src/queries/study-data';
import { createTestDatabase, type TestDatabase } from './test-database';

let t: TestDatabase;
const dir = mkdtempSync(join(tmpdir(), 'length-'));

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.drop();
});

const s = (idx: number, verdict: SampleRecord['verdict'], chars: number, tokens?: number): SampleRecord => ({
  idx,
  code: 'x',
  verdict,
  responseChars: chars,
  completionTokens: tokens ?? null,
});

const aggregates = async (runIds: number[]) =>
  (
    await t.db.pool.query<{ problem: string; chars: string[]; tokens: string[]; tokenN: number[] }>(
      `SELECT p.external_id AS problem, a.len_chars AS chars, a.len_tokens AS tokens, a.len_token_n AS "tokenN"
       FROM run_problem_aggregate a JOIN problem p ON p.id = a.problem_id WHERE a.run_id = ANY($1) ORDER BY 1`,
      [runIds],
    )
  ).rows.map((r) => ({ ...r, chars: r.chars.map(Number), tokens: r.tokens.map(Number) }));

describe('response length in the aggregates', () => {
  it('sums characters and tokens per verdict, as counted by hand', async () => {
    const { studyId, runIds } = await importStudy(t.db, {
      study: { name: 'Lengths' },
      benchmark: 'b',
      runs: [
        {
          source: 'a',
          sourceHash: 'a',
          checkpoint: { name: 'c', role: 'MERGED', alpha: 0.5, scale: '' },
          setting: 'reasoning',
          problems: async function* () {
            yield {
              problem: { externalId: 'p1' },
              samples: [s(0, 'AC', 100, 30), s(1, 'AC', 140), s(2, 'WA', 400, 50), s(3, 'TLE', 1000, 7)],
            };
            yield { problem: { externalId: 'p2' }, samples: [s(0, 'RE', 60), s(1, 'IE', 5, 2), s(2, null, 9, 9)] };
          },
        },
      ],
    });
    await recomputeAggregates(t.db, runIds);
    // Slots in verdict code order: AC WA TLE MLE RE CE OLE IE; samples not judged are left out.
    expect(await aggregates(runIds)).toEqual([
      {
        problem: 'p1',
        chars: [240, 400, 1000, 0, 0, 0, 0, 0],
        tokens: [30, 50, 7, 0, 0, 0, 0, 0],
        tokenN: [1, 1, 1, 0, 0, 0, 0, 0],
      },
      {
        problem: 'p2',
        chars: [0, 0, 0, 0, 60, 0, 0, 5],
        tokens: [0, 0, 0, 0, 0, 0, 0, 2],
        tokenN: [0, 0, 0, 0, 0, 0, 0, 1],
      },
    ]);
    const data = (await getStudyData(t.db, studyId, {}))!;
    // One checkpoint, problems p1 then p2: cell 0 then cell 1, eight slots each.
    expect(data.lengths!.chars).toEqual([240, 400, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 60, 0, 0, 5]);
    expect(data.lengths!.tokenSamples.slice(0, 8)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('reads lengths from a JSONL file: the response when given, else the program; a token count when given', async () => {
    const file = join(dir, 'lengths.jsonl');
    const lines = [
      { problem_id: 'q', code: 'print(1)', verdict: 'AC', response: 'Réponse:\nprint(1)', completion_tokens: 6 },
      { problem_id: 'q', code: 'print(22)', verdict: 'WA', output_tokens: 4 },
      { problem_id: 'q', code: 'print(333)', verdict: 'WA' },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const { runIds } = await importStudy(t.db, await studyImportFromFile(file, { study: 'From JSONL', alpha: 0 }));
    const { rows } = await t.db.pool.query(
      'SELECT idx, response_chars, completion_tokens FROM sample WHERE run_id = $1 ORDER BY idx',
      [runIds[0]],
    );
    expect(rows).toEqual([
      { idx: 0, response_chars: 17, completion_tokens: 6 },
      { idx: 1, response_chars: 9, completion_tokens: 4 },
      { idx: 2, response_chars: 10, completion_tokens: null },
    ]);
  });

  it('reads lengths from an LCB file: the raw outputs when given, a token list when given', async () => {
    const file = join(dir, 'lengths_eval_all.json');
    const record = {
      question_id: 'abc1_a',
      question_title: 'A',
      difficulty: 'easy',
      platform: 'atcoder',
      contest_date: '2024-01-01T00:00:00',
      code_list: ['print(1)', 'print(22)'],
      graded_list: [true, false],
      metadata: ['{}', JSON.stringify({ error_code: -2 })],
      output_list: ['Thinking.\n```python\nprint(1)\n```', 'Short: print(22)'],
      num_tokens: [12, null],
    };
    writeFileSync(file, JSON.stringify([record]));
    const { runIds } = await importStudy(t.db, await studyImportFromFile(file, { study: 'From LCB', alpha: 1 }));
    const { rows } = await t.db.pool.query(
      'SELECT idx, response_chars, completion_tokens FROM sample WHERE run_id = $1 ORDER BY idx',
      [runIds[0]],
    );
    expect(rows).toEqual([
      { idx: 0, response_chars: 32, completion_tokens: 12 },
      { idx: 1, response_chars: 16, completion_tokens: null },
    ]);
  });

  it('fills in the lengths of rows stored before they were recorded when migrating, and re-aggregates their runs', async () => {
    const { runIds } = await importStudy(t.db, {
      study: { name: 'Older' },
      benchmark: 'b',
      runs: [
        {
          source: 'o',
          sourceHash: 'o',
          checkpoint: { name: 'o', role: 'MERGED', alpha: 1, scale: '' },
          setting: 'reasoning',
          problems: async function* () {
            yield { problem: { externalId: 'p1' }, samples: [s(0, 'AC', 1)] };
          },
        },
      ],
    });
    const run = runIds[0]!;
    const problem = (await t.db.pool.query('SELECT problem_id FROM sample WHERE run_id = $1', [run])).rows[0]
      .problem_id;
    // As rows written before the migration look: a text program and a compressed one, no lengths.
    await t.db.pool.query(
      `INSERT INTO sample (run_id, problem_id, idx, code, code_z, verdict) VALUES
         ($1, $2, 1, 's = "é😀"', NULL, 'WA'), ($1, $2, 2, NULL, $3, 'AC')`,
      [run, problem, encodeProgram('print("ünïcode")\n')],
    );
    await recomputeAggregates(t.db, [run]);
    // ... and their aggregates: no length sums yet.
    await t.db.pool.query('UPDATE sample SET response_chars = NULL WHERE run_id = $1', [run]);
    await t.db.pool.query(`UPDATE run_problem_aggregate SET len_chars = '{}' WHERE run_id = $1`, [run]);

    await migrate(t.db.pool);
    const { rows } = await t.db.pool.query('SELECT idx, response_chars FROM sample WHERE run_id = $1 ORDER BY idx', [
      run,
    ]);
    expect(rows).toEqual([
      { idx: 0, response_chars: 1 },
      { idx: 1, response_chars: 8 },
      { idx: 2, response_chars: 17 },
    ]);
    expect((await aggregates([run]))[0]!.chars).toEqual([18, 8, 0, 0, 0, 0, 0, 0]);
  });
});
