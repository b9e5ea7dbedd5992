import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointRates, cellIndex } from '@frontier/core';
import { getStudyData } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { csvObjects } from '../../../packages/formats/test/read-table';
import {
  ALPHA0_IN_WINDOW,
  ALPHA1_SOLVE_RATE_IN_WINDOW,
  IN_WINDOW,
  UNDATED,
  WINDOW,
  writeDatedLcbFiles,
} from './dated-fixture';
import { runCli } from './run-cli';

// The release-date window against a real Postgres, on LiveCodeBench files whose dates and
// verdicts are known (dated-fixture.ts), checked against the counts made there by hand.

let t: TestDatabase;
let env: Record<string, string>;
const STUDY = 'Dated sweep';

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url };
  const files = writeDatedLcbFiles();
  for (const [path, alpha] of [
    [files.alpha0, '0'],
    [files.alpha1, '1'],
  ] as const) {
    const r = await runCli(['import', path, '--study', STUDY, '--alpha', alpha], env);
    expect(r.stderr, r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
  }
});

afterAll(async () => t?.drop());

async function studyId(): Promise<number> {
  const { rows } = await t.db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY]);
  return rows[0]!.id;
}

describe('release-date window', () => {
  it('keeps the contest dates of LCB files, as UTC days', async () => {
    const { rows } = await t.db.pool.query<{ external_id: string; day: string | null }>(
      `SELECT external_id, to_char((contest_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day FROM problem ORDER BY 1`,
    );
    expect(rows.map((r) => [r.external_id, r.day])).toEqual([
      ['d1', '2024-01-10'],
      ['d2', '2024-02-20'],
      ['d3', '2024-03-31'],
      ['d4', '2024-04-01'],
      ['d5', '2024-05-15'],
      ['d6', null],
    ]);
  });

  it('computes the study data over the window only: problems, rates and the undated count by hand', async () => {
    const data = (await getStudyData(t.db, await studyId(), WINDOW))!;
    expect(data.problems.map((p) => p.externalId)).toEqual(IN_WINDOW);
    expect(data.undated).toBe(UNDATED);
    const rates = (alpha: number) => {
      const c = data.checkpoints.findIndex((cp) => cp.alpha === alpha);
      return checkpointRates(
        data.problems.map((_, p) => {
          const i = cellIndex(data, c, p);
          const count = (f: 'wa' | 'tle' | 'mle' | 're' | 'ce' | 'ole') => data.counts[f][i]!;
          return {
            n: data.counts.n[i]!,
            solved: data.counts.solved[i]!,
            counts: {
              WA: count('wa'),
              TLE: count('tle'),
              MLE: count('mle'),
              RE: count('re'),
              CE: count('ce'),
              OLE: count('ole'),
            },
          };
        }),
      );
    };
    const a0 = rates(0);
    expect(a0.problems).toBe(3);
    expect(a0.solveRate).toBeCloseTo(ALPHA0_IN_WINDOW.solveRate, 12);
    expect(a0.correctnessRate).toBeCloseTo(ALPHA0_IN_WINDOW.correctnessRate, 12);
    expect(a0.optimizationRate).toBeCloseTo(ALPHA0_IN_WINDOW.optimizationRate, 12);
    expect(rates(1).solveRate).toBeCloseTo(ALPHA1_SOLVE_RATE_IN_WINDOW, 12);
    // Without a window every problem counts, the undated one included, and nothing is left out.
    const all = (await getStudyData(t.db, await studyId(), {}))!;
    expect(all.problems).toHaveLength(6);
    expect(all.undated).toBe(0);
  });

  it('frontier export --from --to writes the rows of the window and says how many undated problems it left out', async () => {
    const r = await runCli(['export', STUDY, '--format', 'csv', '--from', WINDOW.from, '--to', WINDOW.to], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('1 problem without a release date left out of the window\n');
    const rows = csvObjects(r.stdout);
    expect(rows.map((row) => `${row.alpha}:${row.problem_id}:${row.solved}/${row.n}`)).toEqual([
      '0:d2:1/4',
      '0:d3:2/4',
      '0:d4:0/4',
      '1:d2:3/4',
      '1:d3:4/4',
      '1:d4:1/4',
    ]);
    // One bound: from the first day on, the undated problem still out.
    const open = await runCli(['export', STUDY, '--format', 'csv', '--samples', '--from', '2024-04-01'], env);
    expect(open.code, open.stderr).toBe(0);
    expect(new Set(csvObjects(open.stdout).map((row) => row.problem_id))).toEqual(new Set(['d4', 'd5']));
  });

  it('refuses a bad window, naming the flag, and writes nothing', async () => {
    for (const [args, message] of [
      [['--from', '2024-02-30'], /--from is not a day of the calendar \(2024-02-30\)/],
      [['--to', '2024/04/01'], /--to must be a date written YYYY-MM-DD/],
      [
        ['--from', '2024-05-01', '--to', '2024-04-01'],
        /--from \/ --to: from \(2024-05-01\) is after to \(2024-04-01\)/,
      ],
    ] as const) {
      const r = await runCli(['export', STUDY, '--format', 'csv', ...args], env);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
    const archive = await runCli(['export', STUDY, '--archive', '/tmp/x.frontier.gz', '--from', WINDOW.from], env);
    expect(archive.code).not.toBe(0);
    expect(archive.stderr).toMatch(/leave out --from/);
  });

  it('frontier triage compares the two checkpoints over the window only', async () => {
    const r = await runCli(
      ['triage', STUDY, '--a', '0', '--b', '1', '--json', ...['--from', WINDOW.from, '--to', WINDOW.to]],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('1 problem without a release date left out of the window\n');
    const records = JSON.parse(r.stdout) as { problem_id: string }[];
    expect(records.map((x) => x.problem_id).sort()).toEqual(IN_WINDOW);
  });
});
