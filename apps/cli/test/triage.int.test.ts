import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { referenceFisher, referenceQValues } from '../../../packages/core/test/reference-statistics';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();
const SAMPLES = 60;

/** Solved samples per problem at alpha 1 and alpha 2: every problem solved at least once on both sides (c > 0 saturates). */
const SOLVED: ReadonlyArray<readonly [number, number]> = [
  [10, 50],
  [50, 12],
  [30, 33],
  [31, 29],
  [5, 7],
  [40, 58],
  [59, 60],
  [20, 21],
  [1, 9],
  [45, 15],
];

function run(side: 0 | 1): FixtureProblem[] {
  return SOLVED.map((pair, p) => ({
    id: `p${String(p).padStart(2, '0')}`,
    difficulty: p % 2 ? 'hard' : 'easy',
    codes: Array.from({ length: SAMPLES }, (_, i) => (i < pair[side] ? 0 : -2)),
  }));
}

interface Row {
  problem_id: string;
  a_c: number;
  a_n: number;
  b_c: number;
  b_n: number;
  diff: number;
  p: number;
  q: number;
  significant: boolean;
}

async function triageJson(...args: string[]): Promise<Row[]> {
  const r = await runCli(['triage', 'Saturated', ...args, '--json'], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
  const manifest = join(dir, 'manifest.json');
  const entries = [0, 1].map((side) => ({
    alpha: side + 1,
    role: 'merged',
    path: writeLcbFile(dir, `alpha-${side + 1}.json`, run(side as 0 | 1)),
  }));
  writeFileSync(manifest, JSON.stringify({ study: 'Saturated', entries }));
  const r = await runCli(['import', manifest], env);
  expect(r.stderr).toBe('');
}, 120_000);
afterAll(async () => t?.drop());

describe('frontier triage', { timeout: 180_000 }, () => {
  it('--json prints every problem with its counts, Fisher p and BH q, by q then |diff|', async () => {
    const rows = await triageJson('--a', '1', '--b', '2');
    expect(rows).toHaveLength(SOLVED.length);
    for (const key of ['problem_id', 'a_c', 'a_n', 'b_c', 'b_n', 'diff', 'p', 'q'])
      expect(Object.keys(rows[0]!)).toContain(key);
    // Independent computation: exact Fisher p in BigInt arithmetic, q from the BH definition.
    const expected = SOLVED.map(([a, b], p) => ({
      id: `p${String(p).padStart(2, '0')}`,
      a,
      b,
      p: referenceFisher(a, SAMPLES, b, SAMPLES),
    }));
    const qs = referenceQValues(expected.map((e) => e.p));
    for (const row of rows) {
      const i = expected.findIndex((e) => e.id === row.problem_id);
      expect(row).toMatchObject({ a_c: expected[i]!.a, a_n: SAMPLES, b_c: expected[i]!.b, b_n: SAMPLES });
      expect(row.p / expected[i]!.p).toBeCloseTo(1, 8);
      expect(row.q).toBeCloseTo(qs[i]!, 10);
      expect(row.significant).toBe(qs[i]! < 0.05);
    }
    for (let i = 1; i < rows.length; i++) {
      const [x, y] = [rows[i - 1]!, rows[i]!];
      const [kx, ky] = [Number(x.q.toPrecision(10)), Number(y.q.toPrecision(10))];
      expect(kx < ky || (kx === ky && Math.abs(x.diff) >= Math.abs(y.diff))).toBe(true);
    }
    // The problems c > 0 calls "solved by both" yet whose rates moved a lot are found.
    expect(rows.filter((r) => r.significant).map((r) => r.problem_id)).toEqual(
      expect.arrayContaining(['p00', 'p01', 'p09']),
    );
    expect(rows.filter((r) => r.significant).map((r) => r.problem_id)).not.toContain('p03');
    // The threshold and the filters are honoured.
    const loose = await triageJson('--a', '1', '--b', '2', '--q', '0.5');
    expect(loose.filter((r) => r.significant).length).toBe(qs.filter((q) => q < 0.5).length);
    expect((await triageJson('--a', '1', '--b', '2', '--difficulty', 'hard')).map((r) => r.problem_id).sort()).toEqual([
      'p01',
      'p03',
      'p05',
      'p07',
      'p09',
    ]);
  });

  it('prints a table with the summary and the definitions', async () => {
    const r = await runCli(['triage', 'Saturated', '--a', '1', '--b', '2', '--solved', 'any'], env);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    const significant = referenceQValues(SOLVED.map(([a, b]) => referenceFisher(a, SAMPLES, b, SAMPLES))).filter(
      (q) => q < 0.05,
    ).length;
    expect(lines[0]).toMatch(new RegExp(`: ${significant} of 10 problems differ at q < 0\\.05$`));
    expect(lines[1]).toContain(
      'solved (c > 0 (at least one sample passes)) by A only 0, by B only 0, exact McNemar p 1.000',
    );
    expect(lines[2]).toContain("Fisher's exact test");
    expect(lines[3]).toMatch(/^\s*#\s+problem\s+A c\/n/);
    expect(lines).toHaveLength(4 + SOLVED.length);
  });

  it('refuses bad flags by name, an unknown checkpoint and an unknown study', async () => {
    const cases: Array<[string[], string]> = [
      [['--a', '1', '--b', '2', '--q', '0'], '--q must be a false discovery rate above 0 and at most 1'],
      [['--a', '1', '--b', '2', '--q', 'x'], '--q must be a false discovery rate'],
      [['--a', '1', '--b', '2', '--solved', 'most'], '--solved must be "rate-TAU"'],
      [['--a', '3', '--b', '2'], '--a: no checkpoint at alpha or named "3" in these data; the alphas are 1, 2'],
      [['--b', '2'], "required option '--a <alpha>' not specified"],
      [
        ['--a', '1', '--b', '2', '--difficulty', 'medium'],
        'has no problem under these filters (--difficulty "medium")',
      ],
    ];
    const results = await Promise.all(cases.map(([flags]) => runCli(['triage', 'Saturated', ...flags], env)));
    results.forEach((r, i) => {
      expect(r.code, cases[i]![0].join(' ')).not.toBe(0);
      expect(r.stderr).toContain(cases[i]![1]);
      expect(r.stdout).toBe('');
    });
    const unknown = await runCli(['triage', 'Nope', '--a', '1', '--b', '2'], env);
    expect(unknown.stderr).toContain('no study named "Nope"');
  });
});
