import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProgram } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();

const lo: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, -2, -3] },
  { id: 'p2', difficulty: 'hard', codes: [-3, -3, -4, 0] },
  { id: 'p3', difficulty: 'hard', codes: [-1, -5, -2, -2] },
];
const hi: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, 0, -2] },
  { id: 'p2', difficulty: 'hard', codes: [-2, -2, 0, 0] },
  { id: 'p3', difficulty: 'hard', codes: [-2, -2, -2, -4] },
];

function manifest(name: string, entries: object[]): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ study: 'Fixture sweep', entries }));
  return path;
}

async function counts() {
  const q = (sql: string) => t.db.pool.query<{ n: string }>(sql).then((r) => Number(r.rows[0]!.n));
  return {
    studies: await q('SELECT count(*) AS n FROM study'),
    samples: await q('SELECT count(*) AS n FROM sample'),
    aggregates: await q('SELECT count(*) AS n FROM run_problem_aggregate'),
    version: await q('SELECT coalesce(sum(data_version), 0) AS n FROM study'),
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url };
  writeLcbFile(dir, 'lo.json', lo);
  writeLcbFile(dir, 'hi.json', hi);
});
afterAll(async () => t?.drop());

describe('frontier import', () => {
  it('imports a manifest, aggregates every (run, problem), and reports a summary', async () => {
    const path = manifest('sweep.json', [
      { path: 'lo.json', alpha: 0, role: 'low', scale: '7B' },
      { path: 'hi.json', alpha: 1, role: 'high', scale: '7B' },
    ]);
    const r = await runCli(['import', path], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3 problems, 2 runs, 24 samples');
    const { rows } = await t.db.pool.query(
      `SELECT c.alpha, p.external_id, a.n, a.solved, a.wa, a.tle, a.re, a.ce, a.ie FROM run_problem_aggregate a
       JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id JOIN problem p ON p.id = a.problem_id
       ORDER BY c.alpha, p.external_id`,
    );
    // Expected counts straight from the fixture's error codes (-1 -> CE, -5 -> IE, excluded from n).
    const expected = [...lo.map((p) => ({ alpha: 0, p })), ...hi.map((p) => ({ alpha: 1, p }))].map(({ alpha, p }) => {
      const c = (code: number) => p.codes.filter((x) => x === code).length;
      return {
        alpha,
        external_id: p.id,
        n: p.codes.length - c(-5),
        solved: c(0),
        wa: c(-2),
        tle: c(-3),
        re: c(-4),
        ce: c(-1),
        ie: c(-5),
      };
    });
    expect(rows).toEqual(expected);
    // Programs arrive byte for byte through COPY (newlines included), compressed in code_z.
    const { rows: code } = await t.db.pool.query<{ code: string | null; code_z: Buffer }>(
      `SELECT s.code, s.code_z FROM sample s JOIN problem p ON p.id = s.problem_id WHERE p.external_id = 'p2' AND s.idx = 2 LIMIT 1`,
    );
    expect(code[0]!.code).toBeNull();
    expect(decodeProgram(code[0]!.code_z)).toBe('# sample 2\nprint(-4)\n');
  });

  it('changes nothing when the same files are imported again', async () => {
    const before = await counts();
    const r = await runCli(['import', join(dir, 'sweep.json')], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 unchanged');
    expect(await counts()).toEqual(before);
  });

  it('leaves the database as it was when a later file fails validation, naming file, record and field', async () => {
    const before = await counts();
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        {
          question_id: 'q9',
          question_title: 't',
          difficulty: 'hard',
          platform: 'x',
          contest_date: '2024-01-01T00:00:00',
          code_list: ['a'],
          graded_list: ['yes'],
          metadata: ['{}'],
        },
      ]),
    );
    writeLcbFile(dir, 'new.json', [{ id: 'p4', difficulty: 'medium', codes: [0, -2] }]);
    const path = manifest('bad-sweep.json', [
      { path: 'new.json', alpha: 0.5, scale: '7B' },
      { path: 'bad.json', alpha: 0.75, scale: '7B' },
    ]);
    const r = await runCli(['import', path], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/bad\.json/);
    expect(r.stderr).toMatch(/record 0/);
    expect(r.stderr).toMatch(/graded_list\[0\]/);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['malformed JSON', '[{"question_id": "a",', /malformed JSON|unexpected end/i],
    ['an unknown error code', null, /error_code/],
    ['a duplicate problem id', 'dup', /duplicate/i],
  ])('refuses %s with a clear message and writes nothing', async (_label, content, message) => {
    const before = await counts();
    const path = join(dir, `case-${Math.random().toString(36).slice(2)}.json`);
    if (content === null) writeLcbFile(dir, path.split('/').pop()!, [{ id: 'z1', difficulty: 'easy', codes: [-9] }]);
    else if (content === 'dup')
      writeLcbFile(dir, path.split('/').pop()!, [
        { id: 'z1', difficulty: 'easy', codes: [0] },
        { id: 'z1', difficulty: 'easy', codes: [0] },
      ]);
    else writeFileSync(path, content);
    const r = await runCli(['import', path, '--study', 'Bad', '--alpha', '0.5'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(path.split('/').pop());
    expect(r.stderr).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses an alpha that is not a number and a manifest naming a missing file', async () => {
    const a = await runCli(['import', join(dir, 'lo.json'), '--study', 'S', '--alpha', 'abc'], env);
    expect(a.code).not.toBe(0);
    expect(a.stderr).toContain('--alpha must be a number');
    const m = await runCli(['import', manifest('missing.json', [{ path: 'nope.json', alpha: 0.5 }])], env);
    expect(m.code).not.toBe(0);
    expect(m.stderr).toMatch(/entry 0/);
    expect(m.stderr).toContain('nope.json');
    const s = await runCli(['import', manifest('nan.json', [{ path: 'lo.json', alpha: 'abc' }])], env);
    expect(s.code).not.toBe(0);
    expect(s.stderr).toMatch(/entry 0.*alpha|alpha.*entry 0/);
  });

  it('exports one CSV row per (checkpoint, problem) matching the aggregates', async () => {
    const out = join(dir, 'export.csv');
    const r = await runCli(['export', 'Fixture sweep', '--format', 'csv', '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'study,checkpoint,alpha,setting,scale,problem_id,difficulty,n,solved,ac,wa,tle,mle,re,ce,ole,ie,response_chars_sum,completion_tokens_sum,token_samples',
    );
    expect(lines).toHaveLength(1 + 6);
    expect(lines.map((l) => l.split(',').slice(0, 17).join(','))).toContain(
      'Fixture sweep,7B alpha=0,0,reasoning,7B,p2,hard,4,1,1,0,2,0,1,0,0,0',
    );
    const missing = await runCli(['export', 'No such study', '--format', 'csv'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('no study named');
  });

  it('lists studies with checkpoint and sample counts', async () => {
    const r = await runCli(['studies', '--json'], env);
    expect(r.code).toBe(0);
    const studies = JSON.parse(r.stdout) as Array<{ name: string; checkpoints: number; samples: number }>;
    expect(studies).toEqual([expect.objectContaining({ name: 'Fixture sweep', checkpoints: 2, samples: 24 })]);
  });

  it('names a wrong DATABASE_URL without leaking its password', async () => {
    const r = await runCli(['studies'], { DATABASE_URL: 'postgresql://u:secret@127.0.0.1:1/x' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('cannot connect to the database');
    expect(r.stderr).not.toContain('secret');
  });
});
