import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

let t: TestDatabase;
let env: Record<string, string>;
const dir = tempDir();

const ALPHAS = [-0.5, 0, 0.5, 1, 1.5, 2];
const PROBLEMS = 30;
const SAMPLES = 10;

/**
 * LCB results at `alpha` whose mean pass@1 follows 0.6 - 0.3 (alpha - 0.7)^2: problem p solves
 * that share of its samples plus an offset spread over +-0.15; failures alternate WA and TLE.
 */
function parabolaRun(alpha: number): FixtureProblem[] {
  return Array.from({ length: PROBLEMS }, (_, p) => {
    const rate = 0.6 - 0.3 * (alpha - 0.7) ** 2 - 0.15 + (0.3 * p) / (PROBLEMS - 1);
    const solved = Math.round(Math.min(1, Math.max(0, rate)) * SAMPLES);
    return {
      id: `p${String(p).padStart(2, '0')}`,
      difficulty: 'medium',
      codes: Array.from({ length: SAMPLES }, (_, i) => (i < solved ? 0 : i % 2 ? -2 : -3)),
    };
  });
}

function importManifest(
  name: string,
  study: string,
  entries: Array<{ alpha: number; setting?: string; scale?: string }>,
) {
  const path = join(dir, name);
  const files = entries.map((e, i) => ({ ...e, path: writeLcbFile(dir, `${name}-${i}.json`, parabolaRun(e.alpha)) }));
  writeFileSync(
    path,
    JSON.stringify({
      study,
      entries: files.map((f) => ({ ...f, role: f.alpha === 0 ? 'low' : f.alpha === 1 ? 'high' : 'merged' })),
    }),
  );
  return runCli(['import', path], env);
}

/** `frontier suggest ... --json`, parsed. */
async function suggestJson(...args: string[]): Promise<Array<{ alpha: number; kind: string; reason: string }>> {
  const r = await runCli(['suggest', ...args, '--json'], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Array<{ alpha: number; kind: string; reason: string }>;
}

/** Each of `cases` (flags and what stderr must say) fails with nothing on stdout. */
async function expectRefusals(command: string[], cases: Array<[string[], string]>) {
  const results = await Promise.all(cases.map(([flags]) => runCli([...command, ...flags], env)));
  results.forEach((r, i) => {
    const [flags, message] = cases[i]!;
    expect(r.code, flags.join(' ')).not.toBe(0);
    expect(r.stderr, flags.join(' ')).toContain(message);
    expect(r.stdout, flags.join(' ')).toBe('');
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
  for (const r of [
    await importManifest(
      'sweep.json',
      'Parabola',
      ALPHAS.map((alpha) => ({ alpha })),
    ),
    // Two inference settings, and two model scales in one of them.
    await importManifest('mixed.json', 'Mixed', [
      { alpha: 0, setting: 'greedy', scale: '7B' },
      { alpha: 1, setting: 'greedy', scale: '7B' },
      { alpha: 0, setting: 'sampled', scale: '7B' },
      { alpha: 0, setting: 'greedy', scale: '32B' },
    ]),
  ])
    expect(r.stderr).toBe('');
}, 120_000);
afterAll(async () => t?.drop());

// Each run starts the CLI afresh (seconds on a busy machine): the refusals run side by side.
describe('frontier suggest', { timeout: 180_000 }, () => {
  it('--json prints exactly an array of {alpha, kind, reason}, best first, inside the default range', async () => {
    const r = await runCli(['suggest', 'Parabola', '--json'], env);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as unknown[];
    expect(Array.isArray(out)).toBe(true);
    expect(out).toHaveLength(3);
    for (const s of out) {
      expect(Object.keys(s as object).sort()).toEqual(['alpha', 'kind', 'reason']);
      const { alpha, kind, reason } = s as { alpha: number; kind: string; reason: string };
      expect(typeof alpha).toBe('number');
      // The default range: the evaluated -0.5 .. 2 and the endpoints, 0.5 wider on each side.
      expect(alpha).toBeGreaterThanOrEqual(-1);
      expect(alpha).toBeLessThanOrEqual(2.5);
      expect(['best', 'collapse', 'frontier']).toContain(kind);
      expect(reason.length).toBeGreaterThan(0);
    }
    expect(await suggestJson('Parabola', '--range', '-1,2.5')).toEqual(out);
    // The first one looks for the peak at 0.7.
    expect(Math.abs((out[0] as { alpha: number }).alpha - 0.7)).toBeLessThanOrEqual(0.15);

    const wide = await suggestJson('Parabola', '--range', '-2,3', '--count', '6', '--k', '2');
    expect(wide).toHaveLength(6);
    for (const { alpha } of wide) {
      expect(alpha).toBeGreaterThanOrEqual(-2);
      expect(alpha).toBeLessThanOrEqual(3);
      expect(ALPHAS.every((a) => Math.abs(a - alpha) >= 0.05 - 1e-9)).toBe(true);
    }
    expect(await suggestJson('Parabola', '--range=-2,3', '--count=6', '--k=2')).toEqual(wide);
  });

  it('--json --with-best prints the same proposals in an object with the best alpha, the range and the collapsed alphas', async () => {
    const r = await runCli(['suggest', 'Parabola', '--json', '--with-best', '--count', '4'], env);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as {
      k: number;
      range: number[];
      evaluated: number[];
      live: number[];
      collapsed: number[];
      problems: number;
      best: { alpha: number; lo: number; hi: number; passAtK: number; above?: unknown; beyond?: string };
      suggestions: unknown[];
    };
    expect(report.suggestions).toEqual(await suggestJson('Parabola', '--count', '4'));
    expect(report).toMatchObject({ k: 1, range: [-1, 2.5], evaluated: ALPHAS, problems: PROBLEMS });
    // pass@1 at -0.5 and 2 is below half the peak's: collapsed, so the estimate lives within 0 .. 1.5.
    expect([report.live, report.collapsed]).toEqual([
      [0, 0.5, 1, 1.5],
      [-0.5, 2],
    ]);
    expect(Math.abs(report.best.alpha - 0.7)).toBeLessThanOrEqual(0.1);
    expect(report.best.lo).toBeGreaterThanOrEqual(0);
    expect(report.best.hi).toBeLessThanOrEqual(1.5);
    expect(report.best.beyond).toBeUndefined();

    const refused = await runCli(['suggest', 'Parabola', '--with-best'], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--with-best changes what --json prints: add --json');
    expect(refused.stdout).toBe('');
  });

  it('marks an interval open where the peak may lie past the evaluated alphas, in the table and the JSON', async () => {
    // Cut off at 0.5, the curve still rises at the last alpha evaluated.
    const r = await runCli(['suggest', 'Parabola', '--range', '-1,0.5'], env);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    const bestAt = lines.findIndex((l) => l.startsWith('best alpha '));
    expect(lines[bestAt]).toMatch(/^best alpha 0\.50 \[-?\d\.\d\d, 0\.50 or above\] /);
    expect(lines[bestAt + 1]).toBe(
      '  open interval: the peak may lie above α = 0.5, where the range ends (live alphas were evaluated out to α = 1.5)',
    );
    expect(lines[bestAt + 2]).toBe('range [-1, 0.5] (--range)');
    const report = JSON.parse(
      (await runCli(['suggest', 'Parabola', '--range', '-1,0.5', '--json', '--with-best'], env)).stdout,
    ) as { best: { hi: number; above: unknown; beyond: string } };
    expect(report.best).toMatchObject({
      hi: 0.5,
      above: { why: 'range', limit: 0.5 },
      beyond: expect.stringContaining('where the range ends'),
    });
  });

  it('prints a table of alpha, kind and reason, and the best alpha with its interval', async () => {
    const r = await runCli(['suggest', 'Parabola', '--count', '4'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^alpha\s+kind\s+reason$/);
    expect(lines.slice(1, 5).every((l) => /^-?\d+(\.\d+)?\s+(best|collapse|frontier)\s+\S/.test(l))).toBe(true);
    expect(lines[5]).toMatch(
      /^best alpha (\d\.\d\d) \[(\d\.\d\d), (\d\.\d\d)\] \(pass@1 0\.\d{3} \[0\.\d{3}, 0\.\d{3}\]\) over 30 problems and 6 evaluated alphas$/,
    );
    expect(lines[6]).toBe('range [-1, 2.5] (default: the evaluated alphas and both endpoints, 0.5 wider on each side)');
    expect(lines[7]).toMatch(
      /^collapsed \(past an endpoint, pass@1 below 0\.\d{3}, half the best; not fitted\): alphas -0\.5, 2$/,
    );
    const [, best, lo, hi] = lines[5]!.match(/best alpha (\S+) \[(\S+), (\S+)\]/)!.map(Number);
    expect(Math.abs(best! - 0.7)).toBeLessThanOrEqual(0.1);
    expect(lo).toBeLessThanOrEqual(best!);
    expect(hi).toBeGreaterThanOrEqual(best!);
    expect((await runCli(['suggest', 'Parabola', '--k', '3'], env)).stdout).toMatch(/\(pass@3 /);
  });

  it('leaves out alphas with a chain queued or running', async () => {
    const [first] = await suggestJson('Parabola');
    const { rows } = await t.db.pool.query<{ id: number }>(`SELECT id FROM study WHERE name = 'Parabola'`);
    await t.db.pool.query(
      `INSERT INTO pipeline_job (study_id, kind, alpha, state) VALUES ($1, 'merge', $2, 'RUNNING'), ($1, 'merge', 0.25, 'QUEUED')`,
      [rows[0]!.id, first!.alpha],
    );
    try {
      const after = await suggestJson('Parabola', '--count', '8');
      for (const { alpha } of after)
        for (const busy of [first!.alpha, 0.25]) expect(Math.abs(alpha - busy)).toBeGreaterThanOrEqual(0.05 - 1e-9);
    } finally {
      await t.db.pool.query(`DELETE FROM pipeline_job WHERE study_id = $1`, [rows[0]!.id]);
    }
  });

  it('starts from the endpoints when there is no curve yet', async () => {
    const r = await runCli(['suggest', 'Mixed', '--setting', 'sampled', '--scale', '7B'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^1\s+start\s+the high-coverage endpoint/m);
    expect(r.stdout).toContain('no best alpha yet: pass@1 along alpha needs at least two evaluated alphas');
  });

  it('reads one setting and one scale at a time, naming them when the choice is missing or wrong', async () => {
    const cases: Array<[string[], string]> = [
      [[], 'the study has 2 inference settings ("greedy", "sampled"): choose one with --setting'],
      [
        ['--setting', 'beam'],
        '--setting: the study has no inference setting "beam"; its inference settings are "greedy", "sampled"',
      ],
      [['--setting', 'greedy'], 'the study has 2 model scales ("7B", "32B"): choose one with --scale'],
      [
        ['--setting', 'greedy', '--scale', '70B'],
        '--scale: the study has no model scale "70B"; its model scales are "7B", "32B"',
      ],
    ];
    await expectRefusals(['suggest', 'Mixed'], cases);
    expect(await suggestJson('Mixed', '--setting', 'greedy', '--scale', '7B')).not.toHaveLength(0);
  });

  it('refuses bad flags by name, and an unknown study', async () => {
    const cases: Array<[string[], string]> = [
      [['--k', '0'], '--k: k must be at least 1, since pass@k is the chance'],
      [['--k', 'x'], '--k: k must be a whole number of at least 1'],
      [['--count', '21'], '--count must be at most 20'],
      [['--range', '3,1'], '--range: the low end must be below the high end'],
      [['--range', '-11,2'], '--range must lie within [-10, 10]'],
      [['--range', '1'], '--range must be two alphas'],
      [['--range', 'a,b'], '--range must be a number'],
      [['--json'], 'no study named "Nope"'],
    ];
    await expectRefusals(['suggest', 'Parabola'], cases.slice(0, -1));
    await expectRefusals(['suggest', 'Nope'], cases.slice(-1));
  });
});
