import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';

// A JSONL file gives a problem's metadata once, on its first line (the shape of the formats
// README's example); the problem must keep it whatever later lines of that problem omit.

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();

function jsonl(name: string, records: object[]): string {
  const path = join(dir, name);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

async function problems() {
  const { rows } = await t.db.pool.query<{ external_id: string; title: string; difficulty: string; platform: string }>(
    'SELECT external_id, title, difficulty, platform FROM problem ORDER BY external_id',
  );
  return rows;
}

async function sampleCount(): Promise<number> {
  const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sample');
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url };
});
afterAll(async () => t?.drop());

describe('frontier import of JSONL', () => {
  it('keeps the title and difficulty of a problem when its later lines omit them', async () => {
    const path = jsonl('readme-shape.jsonl', [
      { problem_id: 'abc301_a', code: 'print(1)', title: 'Overall Winner', difficulty: 'easy', platform: 'atcoder' },
      {
        problem_id: 'abc301_a',
        code: 'print(2)',
        id: 's-2',
        verdict: 'TLE',
        tests: [
          { tier: 1, verdict: 'AC', cpu_ms: 12 },
          { tier: 2, verdict: 'TLE' },
        ],
      },
      { problem_id: 'abc301_b', code: 'print(3)', verdict: 'AC' },
      { problem_id: 'abc301_b', code: 'print(4)', verdict: 'WA', title: 'Fill the Gaps', difficulty: 'medium' },
      { problem_id: 'abc301_a', code: 'print(5)', verdict: 'AC' },
    ]);
    const r = await runCli(['import', path, '--study', 'JSONL', '--alpha', '0.5'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await problems()).toEqual([
      { external_id: 'abc301_a', title: 'Overall Winner', difficulty: 'easy', platform: 'atcoder' },
      // Metadata that first appears on a later line is taken too.
      { external_id: 'abc301_b', title: 'Fill the Gaps', difficulty: 'medium', platform: '' },
    ]);
    expect(await sampleCount()).toBe(5);
  });

  it('keeps stored metadata when a later file of the same benchmark omits it', async () => {
    const path = jsonl('no-metadata.jsonl', [{ problem_id: 'abc301_a', code: 'print(6)', verdict: 'AC' }]);
    const r = await runCli(['import', path, '--study', 'JSONL', '--alpha', '0.75'], env);
    expect(r.code).toBe(0);
    expect((await problems())[0]).toEqual({
      external_id: 'abc301_a',
      title: 'Overall Winner',
      difficulty: 'easy',
      platform: 'atcoder',
    });
  });

  it('refuses a file whose lines give one problem two different titles, naming the line, and writes nothing', async () => {
    const before = { problems: await problems(), samples: await sampleCount() };
    const path = jsonl('conflict.jsonl', [
      { problem_id: 'abc302_a', code: 'print(1)', title: 'Spread', difficulty: 'easy' },
      { problem_id: 'abc302_a', code: 'print(2)' },
      { problem_id: 'abc302_a', code: 'print(3)', title: 'Spread out' },
    ]);
    const r = await runCli(['import', path, '--study', 'JSONL', '--alpha', '1'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${path}: line 3: field title:`);
    expect(r.stderr).toContain('"Spread out"');
    expect(r.stderr).toContain('line 1');
    expect({ problems: await problems(), samples: await sampleCount() }).toEqual(before);
  });
});
