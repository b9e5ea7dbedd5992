import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointRates, cellIndex, type StudyData } from '@frontier/core';
import { findStudy, getFailTierHistograms, getStudyData } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

// `frontier exclude` on a LiveCodeBench-format study whose numbers are counted by hand below:
// five problems, four samples each at alpha 0 and 1 (0 passes, -2 is WA, -3 is TLE).

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();
const STUDY = 'Errata';

const ALPHA0: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, 0, 0] },
  { id: 'p2', difficulty: 'easy', codes: [-2, -2, 0, 0] },
  { id: 'p3', difficulty: 'medium', codes: [-3, -3, -3, -3] },
  { id: 'p4', difficulty: 'hard', codes: [0, -2, -3, -3] },
  { id: 'p5', difficulty: 'hard', codes: [-2, -2, -2, -2] },
];
const ALPHA1: FixtureProblem[] = [
  { id: 'p1', difficulty: 'easy', codes: [0, 0, 0, -2] },
  { id: 'p2', difficulty: 'easy', codes: [-3, -3, -3, 0] },
  { id: 'p3', difficulty: 'medium', codes: [-2, -2, -2, -2] },
  { id: 'p4', difficulty: 'hard', codes: [0, 0, -2, -2] },
  { id: 'p5', difficulty: 'hard', codes: [0, 0, 0, 0] },
];

// By hand, per problem (solve, correctness, optimization) fractions, then their means:
//   alpha 0: p1 (1, 0, 0)  p2 (1/2, 1/2, 0)  p3 (0, 0, 1)  p4 (1/4, 1/4, 1/2)  p5 (0, 1, 0)
//   alpha 1: p1 (3/4, 1/4, 0)  p2 (1/4, 0, 3/4)  p3 (0, 1, 0)  p4 (1/2, 1/2, 0)  p5 (1, 0, 0)
const ALL = {
  0: { solve: 1.75 / 5, correctness: 1.75 / 5, optimization: 1.5 / 5 },
  1: { solve: 2.5 / 5, correctness: 1.75 / 5, optimization: 0.75 / 5 },
};
// Without p3 and p5 (the two problems excluded): means over p1, p2, p4.
const KEPT = {
  0: { solve: 1.75 / 3, correctness: 0.75 / 3, optimization: 0.5 / 3 },
  1: { solve: 1.5 / 3, correctness: 0.75 / 3, optimization: 0.75 / 3 },
};

const cli = (...args: string[]) => runCli(args, env);

async function studyData(): Promise<StudyData> {
  const study = await findStudy(t.db, STUDY);
  return (await getStudyData(t.db, study!.id, {}))!;
}

/** Each checkpoint's rates, computed from the study data as every view computes them. */
function rates(data: StudyData) {
  return data.checkpoints.map((c, ci) => {
    const r = checkpointRates(
      data.problems.map((_, pi) => {
        const i = cellIndex(data, ci, pi);
        const k = (f: keyof StudyData['counts']) => data.counts[f][i]!;
        return { n: k('n'), solved: k('solved'), counts: { WA: k('wa'), TLE: k('tle'), MLE: k('mle'), RE: k('re') } };
      }),
    );
    return { alpha: c.alpha, solve: r.solveRate, correctness: r.correctnessRate, optimization: r.optimizationRate };
  });
}

function expectRates(data: StudyData, expected: typeof ALL) {
  const got = rates(data);
  expect(got.map((r) => r.alpha)).toEqual([0, 1]);
  for (const r of got) {
    const want = expected[r.alpha as 0 | 1];
    expect(r.solve).toBeCloseTo(want.solve, 12);
    expect(r.correctness).toBeCloseTo(want.correctness, 12);
    expect(r.optimization).toBeCloseTo(want.optimization, 12);
  }
}

async function dataVersion(): Promise<number> {
  const { rows } = await t.db.pool.query<{ v: number }>('SELECT data_version AS v FROM study WHERE name = $1', [STUDY]);
  return rows[0]!.v;
}

/** The problem_id column's values of a CSV export, once each. */
function csvProblems(csv: string): string[] {
  const [header, ...rows] = csv.trim().split('\n');
  const column = header!.split(',').indexOf('problem_id');
  return [...new Set(rows.map((l) => l.split(',')[column]!))].sort();
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
  const entries = [
    { alpha: 0, role: 'low', path: writeLcbFile(dir, 'a0.json', ALPHA0) },
    { alpha: 1, role: 'high', path: writeLcbFile(dir, 'a1.json', ALPHA1) },
  ];
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ study: STUDY, entries }));
  const r = await cli('import', join(dir, 'manifest.json'));
  expect(r.stderr).toBe('');
}, 120_000);
afterAll(async () => t?.drop());

describe('frontier exclude', { timeout: 180_000 }, () => {
  it('leaves two problems out of every number, matching the hand count, and bumps the data version', async () => {
    expectRates(await studyData(), ALL);
    const before = await dataVersion();
    const r = await cli('exclude', STUDY, 'p3', 'p5', '--reason', 'tests accept several outputs');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      `excluded 2 problems from study "${STUDY}": every number leaves them out (data version ${before + 1})\n`,
    );
    expect(await dataVersion()).toBe(before + 1);
    const data = await studyData();
    expect(data.problems.map((p) => p.externalId)).toEqual(['p1', 'p2', 'p4']);
    expect(data.excluded).toEqual([
      { id: expect.any(Number), externalId: 'p3', title: 'Problem p3', reason: 'tests accept several outputs' },
      { id: expect.any(Number), externalId: 'p5', title: 'Problem p5', reason: 'tests accept several outputs' },
    ]);
    expectRates(data, KEPT);
    // The difficulty filter narrows the excluded list as it narrows the problems.
    const hard = await getStudyData(t.db, data.studyId, { difficulty: 'hard' });
    expect(hard!.problems.map((p) => p.externalId)).toEqual(['p4']);
    expect(hard!.excluded!.map((x) => x.externalId)).toEqual(['p5']);
  });

  it('triage, the triage evidence and exports leave them out; --include-excluded puts them back in exports', async () => {
    const triage = await cli('triage', STUDY, '--a', '0', '--b', '1', '--json');
    expect(triage.code).toBe(0);
    expect((JSON.parse(triage.stdout) as { problem_id: string }[]).map((r) => r.problem_id).sort()).toEqual([
      'p1',
      'p2',
      'p4',
    ]);
    const data = await studyData();
    // Tiers are the judge's: give every failing sample one, so the evidence has something to leave out.
    await t.db.pool.query(`UPDATE run_problem_aggregate SET fail_tier_hist = ARRAY[wa + tle] WHERE wa + tle > 0`);
    const ids = data.checkpoints.map((c) => c.id);
    const evidence = await getFailTierHistograms(t.db, data.studyId, ids, {});
    const problemsWithEvidence = new Set(Object.values(evidence).flatMap((byProblem) => Object.keys(byProblem)));
    const excludedIds = data.excluded!.map((x) => String(x.id));
    expect(problemsWithEvidence.size).toBeGreaterThan(0);
    for (const id of excludedIds) expect(problemsWithEvidence.has(id)).toBe(false);

    const rows = await cli('export', STUDY, '--format', 'csv');
    expect(csvProblems(rows.stdout)).toEqual(['p1', 'p2', 'p4']);
    const samples = await cli('export', STUDY, '--format', 'csv', '--samples');
    expect(csvProblems(samples.stdout)).toEqual(['p1', 'p2', 'p4']);
    const all = await cli('export', STUDY, '--format', 'csv', '--include-excluded');
    expect(csvProblems(all.stdout)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('--list prints a table or JSON with the reason', async () => {
    const table = await cli('exclude', STUDY, '--list');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^problem\s+reason\s+by\s+excluded$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['p3', 'tests accept several outputs', '-'],
      ['p5', 'tests accept several outputs', '-'],
    ]);
    const json = await cli('exclude', STUDY, '--list', '--json');
    expect(JSON.parse(json.stdout)).toEqual([
      {
        problem_id: 'p3',
        title: 'Problem p3',
        reason: 'tests accept several outputs',
        by: null,
        at: expect.any(String),
      },
      {
        problem_id: 'p5',
        title: 'Problem p5',
        reason: 'tests accept several outputs',
        by: null,
        at: expect.any(String),
      },
    ]);
  });

  it('excluding again changes nothing with the same reason and updates a new one', async () => {
    const v = await dataVersion();
    const same = await cli('exclude', STUDY, 'p3', '--reason', 'tests accept several outputs');
    expect(same.stdout).toBe(
      `excluded 0 problems from study "${STUDY}" (1 was excluded already with that reason): every number leaves it out (data version ${v})\n`,
    );
    expect(await dataVersion()).toBe(v);
    const changed = await cli('exclude', STUDY, 'p3', '--reason', 'interactive problem');
    expect(changed.code).toBe(0);
    expect(await dataVersion()).toBe(v + 1);
    const list = JSON.parse((await cli('exclude', STUDY, '--list', '--json')).stdout) as { reason: string }[];
    expect(list.map((x) => x.reason)).toEqual(['interactive problem', 'tests accept several outputs']);
  });

  it('refuses unknown problem ids by name and changes nothing', async () => {
    const v = await dataVersion();
    const r = await cli('exclude', STUDY, 'p1', 'nope', 'p9', '--reason', 'broken');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the study has no problem "nope", "p9"/);
    expect(r.stderr).toMatch(/nothing was changed/);
    expect(await dataVersion()).toBe(v);
    expect((await studyData()).problems.map((p) => p.externalId)).toEqual(['p1', 'p2', 'p4']);
    const gone = await cli('exclude', STUDY, 'ghost', '--remove');
    expect([gone.code, gone.stderr]).toEqual([1, expect.stringMatching(/no problem "ghost"/)]);
  });

  it('--remove counts problems again, and the numbers are the full hand count again', async () => {
    const v = await dataVersion();
    const r = await cli('exclude', STUDY, 'p3', 'p5', 'p1', '--remove');
    expect(r.stdout).toBe(
      `counted 2 problems again in study "${STUDY}" (1 was not excluded) (data version ${v + 1})\n`,
    );
    expectRates(await studyData(), ALL);
    expect((await studyData()).excluded).toEqual([]);
  });

  it('--from-file excludes a whole list, and a bad line refuses the whole list naming the line', async () => {
    const good = join(dir, 'errata.txt');
    writeFileSync(good, '# LiveCodeBench errata\n\np3\tinteractive problem\np5   broken tests\n');
    const r = await cli('exclude', STUDY, '--from-file', good);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expectRates(await studyData(), KEPT);
    await cli('exclude', STUDY, 'p3', 'p5', '--remove');

    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'p3 interactive\np5\n');
    const refused = await cli('exclude', STUDY, '--from-file', bad);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      `frontier: ${bad} line 2: problem "p5" has no reason: write ID, then the reason; nothing was excluded\n`,
    ]);
    const unknown = join(dir, 'unknown.txt');
    writeFileSync(unknown, 'p3 interactive\nzz broken\n');
    expect((await cli('exclude', STUDY, '--from-file', unknown)).stderr).toMatch(/no problem "zz"/);
    expect((await studyData()).excluded).toEqual([]);
    expect((await cli('exclude', STUDY, '--from-file', join(dir, 'missing.txt'))).stderr).toMatch(
      /cannot read .*missing\.txt: ENOENT/,
    );
  });

  it('refuses flags that do not go together, saying what to do', async () => {
    const cases: [string[], RegExp][] = [
      [['p1'], /--reason is required/],
      [[], /name the problems to exclude/],
      [['p1', '--reason', '  '], /--reason needs a reason/],
      [['--list', 'p1'], /--list shows the study's exclusions: leave out problem ids/],
      [['p1', '--remove', '--reason', 'x'], /--remove counts problems again: leave out --reason/],
      [['--json'], /--json goes with --list/],
      [['p1', '--reason', 'x', '--token', 't'], /--token goes with --server/],
      [['--from-file', 'f', 'p1'], /leave out problem ids/],
    ];
    for (const [args, message] of cases) {
      const r = await cli('exclude', STUDY, ...args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([1, expect.stringMatching(message)]);
    }
    const missing = await cli('exclude', 'No such study', '--list');
    expect(missing.stderr).toMatch(/no study named "No such study"/);
  });
});
