import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeAggregates } from '../src/aggregate';
import { listProblemCounts } from '../src/queries/problem-detail';
import { getStudyData } from '../src/queries/study-data';
import { createTestDatabase, type TestDatabase } from './test-database';

// The failure tiers along alpha, from samples to the study data: the aggregate splits each cell's
// failing samples by failure class and first failing tier, and the study data sums them over a
// checkpoint's runs. Counted by hand from the rows below.

let t: TestDatabase;
let study: number;
let problem: number;
const cp = { low: 0, high: 0 };

async function one(sql: string, params: unknown[] = []): Promise<number> {
  return (await t.db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
}

/** Samples of one run: [verdict, failure class, coverage passed] each. */
async function samples(run: number, rows: [string, string, number | null][]) {
  for (const [i, [verdict, cls, passed]] of rows.entries())
    await t.db.pool.query(
      `INSERT INTO sample (run_id, problem_id, idx, code, verdict, failure_class, coverage_passed, judged_at)
       VALUES ($1, $2, $3, 'print(1)', $4::"Verdict", $5::"FailureClass", $6, now())`,
      [run, problem, i, verdict, cls, passed],
    );
}

beforeAll(async () => {
  t = await createTestDatabase();
  study = await one(`INSERT INTO study (name) VALUES ('tiers') RETURNING id`);
  const bench = await one(`INSERT INTO benchmark (name) VALUES ('b') RETURNING id`);
  problem = await one(`INSERT INTO problem (benchmark_id, external_id) VALUES ($1, 'p') RETURNING id`, [bench]);
  cp.low = await one(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'lo', 'LOW') RETURNING id`, [study]);
  cp.high = await one(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'hi', 'HIGH') RETURNING id`, [study]);
  const run = (c: number, setting: string) =>
    one(`INSERT INTO eval_run (checkpoint_id, benchmark_id, setting) VALUES ($1, $2, $3) RETURNING id`, [
      c,
      bench,
      setting,
    ]);
  const [lowA, lowB, high] = [await run(cp.low, 'a'), await run(cp.low, 'b'), await run(cp.high, 'a')];
  // Low coverage, two runs: wrong answers on tier 1, too slow on tier 3, one imported failure without tiers.
  await samples(lowA, [
    ['AC', 'SOLVED', 3],
    ['WA', 'CORRECTNESS', 0],
    ['TLE', 'OPTIMIZATION', 2],
    ['TLE', 'OPTIMIZATION', 2],
  ]);
  await samples(lowB, [
    ['RE', 'CORRECTNESS', 0],
    ['MLE', 'OPTIMIZATION', 2],
    ['WA', 'CORRECTNESS', null],
    ['IE', 'INTERNAL', 1],
  ]);
  // High coverage: wrong answers move up to tier 2, no time limits.
  await samples(high, [
    ['WA', 'CORRECTNESS', 1],
    ['WA', 'CORRECTNESS', 1],
    ['AC', 'SOLVED', 3],
  ]);
  await recomputeAggregates(t.db, [lowA, lowB, high]);
});

afterAll(async () => {
  await t?.drop();
});

describe('failure tiers', () => {
  it('splits each cell by failure class and first failing tier, summed over the runs', async () => {
    const data = (await getStudyData(t.db, study, {}))!;
    const tiers = data.failTiers!;
    expect(tiers.tiers).toBe(3);
    const cell = (c: number) => data.checkpoints.findIndex((x) => x.id === c) * data.problems.length;
    const at = (column: number[], c: number) => column.slice(cell(c) * 3, cell(c) * 3 + 3);
    // lo: WA and RE first fail tier 1; TLE, TLE and MLE tier 3; the untiered WA and the IE in neither.
    expect(at(tiers.correctness, cp.low)).toEqual([2, 0, 0]);
    expect(at(tiers.optimization, cp.low)).toEqual([0, 0, 3]);
    expect(at(tiers.correctness, cp.high)).toEqual([0, 2, 0]);
    expect(at(tiers.optimization, cp.high)).toEqual([0, 0, 0]);
  });

  it('follows the setting filter', async () => {
    const data = (await getStudyData(t.db, study, { setting: 'b' }))!;
    const c = data.checkpoints.findIndex((x) => x.id === cp.low) * data.problems.length;
    const k = data.failTiers!.tiers;
    expect(data.failTiers!.correctness.slice(c * k, c * k + k)).toEqual([1, 0, 0].slice(0, k));
    expect(data.failTiers!.optimization.slice(c * k, c * k + k)).toEqual([0, 0, 1].slice(0, k));
  });

  it('gives the drill-down the same split per checkpoint', async () => {
    const counts = await listProblemCounts(t.db, study, problem, {});
    const low = counts.find((c) => c.checkpointId === cp.low)!;
    expect(low.failTierHist).toEqual([2, 0, 3]);
    expect(low.failTierCorrectness).toEqual([2, 0, 0]);
    expect(low.failTierOptimization).toEqual([0, 0, 3]);
  });
});
