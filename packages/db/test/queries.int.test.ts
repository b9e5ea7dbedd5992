import { cellIndex } from '@frontier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMissingCheckpoints, getFailTierHistograms } from '../src/queries/triage-evidence';
import { findShare, insertShare } from '../src/queries/shares';
import { findStudy } from '../src/queries/studies';
import { findStudyProblem, listProblemCounts } from '../src/queries/problem-detail';
import { getSample, getTestTiers, listSamples } from '../src/queries/problem-samples';
import { getStudyData } from '../src/queries/study-data';
import { listStudyFacets } from '../src/queries/study-facets';
import { getStudySummary, listStudySummaries } from '../src/queries/study-summaries';
import { getStudiesVersion, getStudyVersion } from '../src/queries/study-versions';
import { pingDatabase } from '../src/queries/ping';
import { createTestDatabase, type TestDatabase } from './test-database';

// The reads behind the web API and the CLI, on a small study written row by row: two problems,
// four checkpoints (one of another scale without runs), aggregates with every kind of gap.

let t: TestDatabase;
let study: number;
let other: number;
const cp = { low: 0, high: 0, half: 0, big: 0 };
const pr = { easy: 0, hard: 0 };
const run = { low: 0, high: 0, half: 0 };

async function one(sql: string, params: unknown[] = []): Promise<number> {
  return (await t.db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  study = await one(`INSERT INTO study (name) VALUES ('Q study') RETURNING id`);
  other = await one(
    `INSERT INTO study (name, description) VALUES ('${study}', 'named like the first id') RETURNING id`,
  );
  const bench = await one(`INSERT INTO benchmark (name) VALUES ('b') RETURNING id`);
  pr.easy = await one(
    `INSERT INTO problem (benchmark_id, external_id, difficulty) VALUES ($1, 'p1', 'easy') RETURNING id`,
    [bench],
  );
  pr.hard = await one(
    `INSERT INTO problem (benchmark_id, external_id, difficulty) VALUES ($1, 'p2', 'hard') RETURNING id`,
    [bench],
  );
  await t.db.pool.query(
    `INSERT INTO test (problem_id, ordinal, tier, input, expected) VALUES ($1, 0, 1, '', ''), ($1, 1, 2, '', '')`,
    [pr.easy],
  );
  const checkpoint = (name: string, role: string, alpha: number | null, scale: string) =>
    one(
      `INSERT INTO checkpoint (study_id, name, role, alpha, model_scale) VALUES ($1, $2, $3::"CheckpointRole", $4, $5) RETURNING id`,
      [study, name, role, alpha, scale],
    );
  cp.low = await checkpoint('lo', 'LOW', null, '7B');
  cp.high = await checkpoint('hi', 'HIGH', null, '7B');
  cp.half = await checkpoint('alpha=0.5', 'MERGED', 0.5, '7B');
  cp.big = await checkpoint('big', 'MERGED', 2, '32B');
  const evalRun = (checkpointId: number, setting: string) =>
    one(`INSERT INTO eval_run (checkpoint_id, benchmark_id, setting) VALUES ($1, $2, $3) RETURNING id`, [
      checkpointId,
      bench,
      setting,
    ]);
  run.low = await evalRun(cp.low, 'reasoning');
  run.high = await evalRun(cp.high, 'reasoning');
  run.half = await evalRun(cp.half, 'tool');
  await t.db.pool.query(
    `INSERT INTO run_problem_aggregate (run_id, problem_id, n, solved, wa, tle, mle, ie, pending, fail_tier_hist) VALUES
       ($1, $4, 4, 2, 1, 1, 0, 0, 0, '{1,1}'), ($2, $4, 4, 3, 0, 0, 1, 1, 2, '{0,1}'),
       ($2, $5, 2, 0, 2, 0, 0, 0, 0, '{2}'), ($3, $5, 0, 0, 0, 0, 0, 0, 3, NULL)`,
    [run.low, run.high, run.half, pr.easy, pr.hard],
  );
  await t.db.pool.query(
    `INSERT INTO sample (run_id, problem_id, idx, code, verdict, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib, judged_at, sandbox) VALUES
       ($1, $2, 0, 'print(1)', 'AC', 2, '{0,0}', '{5,6}', '{100,200}', now(), 'rootless'), ($1, $2, 1, 'print(2)', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
       ($1, $2, 2, 'print(3)', 'WA', 1, '{0,1}', '{NULL,NULL}', '{NULL,300}', now(), NULL)`,
    [run.low, pr.easy],
  );
});

afterAll(async () => {
  await t.drop();
});

describe('study look-ups', () => {
  it('summarises every study from the aggregates, newest first', async () => {
    const all = await listStudySummaries(t.db);
    expect(all.map((s) => s.id)).toEqual([other, study]);
    expect(all[1]).toEqual({
      id: study,
      name: 'Q study',
      description: '',
      origin: 'import',
      createdAt: expect.any(Date),
      checkpoints: 4,
      samples: 10,
      internalErrors: 1,
      pending: 5,
      dataVersion: 0,
    });
    expect(await getStudySummary(t.db, other)).toMatchObject({
      checkpoints: 0,
      samples: 0,
      internalErrors: 0,
      pending: 0,
    });
    expect(await getStudySummary(t.db, 999_999)).toBeUndefined();
  });

  it('finds a study by name before id', async () => {
    expect(await findStudy(t.db, 'Q study')).toEqual({ id: study, name: 'Q study' });
    expect(await findStudy(t.db, String(study))).toEqual({ id: other, name: String(study) });
    expect(await findStudy(t.db, String(other))).toEqual({ id: other, name: String(study) });
    expect(await findStudy(t.db, '99999999999')).toBeUndefined();
    expect(await findStudy(t.db, 'nope')).toBeUndefined();
  });

  it('moves a study version with its checkpoints', async () => {
    const before = await getStudyVersion(t.db, study);
    const all = await getStudiesVersion(t.db);
    const extra = await one(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'extra', 'INIT') RETURNING id`, [
      study,
    ]);
    expect(await getStudyVersion(t.db, study)).not.toBe(before);
    expect(await getStudiesVersion(t.db)).not.toBe(all);
    await t.db.pool.query('DELETE FROM checkpoint WHERE id = $1', [extra]);
    expect(await getStudyVersion(t.db, study)).toBe(before);
    expect(await getStudyVersion(t.db, 999_999)).toBeUndefined();
    await expect(pingDatabase(t.db)).resolves.toBeUndefined();
  });
});

describe('study data', () => {
  it('pools the aggregates per (checkpoint, problem), endpoints at 0 and 1, n = -1 without data', async () => {
    const data = (await getStudyData(t.db, study, {}))!;
    expect(Object.keys(data).slice(0, 2)).toEqual(['studyId', 'dataVersion']); // shares read the version from the JSON's head
    expect(data.checkpoints.map((c) => [c.id, c.alpha])).toEqual([
      [cp.big, 2],
      [cp.low, 0],
      [cp.half, 0.5],
      [cp.high, 1],
    ]);
    expect(data.problems.map((p) => p.externalId)).toEqual(['p1', 'p2']);
    const n = (c: number, p: number) => data.counts.n[cellIndex(data, c, p)];
    expect([0, 1, 2, 3].map((c) => [n(c, 0), n(c, 1)])).toEqual([
      [-1, -1],
      [4, -1],
      [-1, 0],
      [4, 2],
    ]);
    expect(data.counts.ie[cellIndex(data, 3, 0)]).toBe(1);
  });

  it('filters by difficulty, setting and scale, and knows an empty study from none', async () => {
    const easy = (await getStudyData(t.db, study, { difficulty: 'easy', scale: '7B' }))!;
    expect(easy.problems.map((p) => p.externalId)).toEqual(['p1']);
    expect(easy.checkpoints).toHaveLength(3);
    expect(easy.filters).toEqual({ difficulty: 'easy', scale: '7B' });
    const tool = (await getStudyData(t.db, study, { setting: 'tool' }))!;
    expect(tool.problems.map((p) => p.externalId)).toEqual(['p2']);
    expect(await getStudyData(t.db, other, {})).toEqual({
      studyId: other,
      dataVersion: 0,
      filters: {},
      checkpoints: [],
      problems: [],
      counts: expect.objectContaining({ n: [] }),
      failTiers: { tiers: 0, correctness: [], optimization: [] },
      lengths: { chars: [], tokens: [], tokenSamples: [] },
      excluded: [],
      undated: 0,
    });
    expect(await getStudyData(t.db, 999_999, {})).toBeUndefined();
  });

  it('lists the facet values in display order', async () => {
    expect(await listStudyFacets(t.db, study)).toEqual({
      difficulties: ['easy', 'hard'],
      settings: ['reasoning', 'tool'],
      scales: ['7B', '32B'],
      // No problem here has a release date: one bar of undated problems.
      releaseDays: [{ day: null, problems: 2 }],
    });
  });
});

describe('problem drill-down', () => {
  it('finds a problem only in a study whose runs use its benchmark', async () => {
    expect(await findStudyProblem(t.db, study, pr.easy)).toMatchObject({
      externalId: 'p1',
      difficulty: 'easy',
      contestDate: null,
      tests: 2,
      tiers: 2,
    });
    expect(await findStudyProblem(t.db, study, pr.hard)).toMatchObject({ tests: 0, tiers: 0 });
    expect(await findStudyProblem(t.db, other, pr.easy)).toBeUndefined();
  });

  it('pools the counts per checkpoint, under the setting filter', async () => {
    const counts = await listProblemCounts(t.db, study, pr.easy, {});
    expect(counts.map((c) => [c.checkpointId, c.n])).toEqual([
      [cp.big, -1],
      [cp.low, 4],
      [cp.half, -1],
      [cp.high, 4],
    ]);
    expect(counts[3]).toMatchObject({ alpha: 1, ie: 1, pending: 2, mle: 1, failTierHist: [0, 1] });
    const tool = await listProblemCounts(t.db, study, pr.easy, { setting: 'tool', scale: '7B' });
    expect(tool.map((c) => c.n)).toEqual([-1, -1, -1]);
  });

  it('pages the samples and tells which of study, problem or checkpoint is missing', async () => {
    const page = await listSamples(t.db, { studyId: study, problemId: pr.easy, offset: 0, limit: 2 });
    expect(page).toEqual({
      total: 3,
      samples: [
        {
          runId: run.low,
          idx: 0,
          checkpointId: cp.low,
          setting: 'reasoning',
          language: 'python',
          verdict: 'AC',
          coveragePassed: 2,
          testsRun: 2,
          sandbox: 'rootless',
        },
        {
          runId: run.low,
          idx: 1,
          checkpointId: cp.low,
          setting: 'reasoning',
          language: 'python',
          verdict: null,
          coveragePassed: null,
          testsRun: 0,
          sandbox: null,
        },
      ],
    });
    expect(
      await listSamples(t.db, { studyId: study, problemId: pr.easy, verdict: 'PENDING', offset: 0, limit: 1 }),
    ).toMatchObject({ total: 1, samples: [{ idx: 1 }] });
    expect(
      await listSamples(t.db, { studyId: study, problemId: pr.easy, checkpointId: cp.high, offset: 0, limit: 20 }),
    ).toEqual({ total: 0, samples: [] });
    expect(await listSamples(t.db, { studyId: 999_999, problemId: pr.easy, offset: 0, limit: 20 })).toEqual({
      missing: 'study',
    });
    expect(await listSamples(t.db, { studyId: other, problemId: pr.easy, offset: 0, limit: 20 })).toEqual({
      missing: 'problem',
    });
    expect(
      await listSamples(t.db, { studyId: study, problemId: pr.easy, checkpointId: 999_999, offset: 0, limit: 20 }),
    ).toEqual({ missing: 'checkpoint' });
  });

  it('reads one sample with its per-test record, empty while pending', async () => {
    const key = { studyId: study, problemId: pr.easy, runId: run.low };
    await t.db.pool.query('UPDATE sample SET response_chars = 8, completion_tokens = 3 WHERE run_id = $1 AND idx = 0', [
      run.low,
    ]);
    expect(await getSample(t.db, { ...key, idx: 0 })).toMatchObject({
      responseChars: 8,
      completionTokens: 3,
      checkpointId: cp.low,
      verdict: 'AC',
      sandbox: 'rootless',
      testsRun: 2,
      testVerdicts: [0, 0],
      testCpuMs: [5, 6],
      judgedAt: expect.any(Date),
    });
    expect(await getSample(t.db, { ...key, idx: 1 })).toMatchObject({
      verdict: null,
      sandbox: null,
      testsRun: 0,
      testVerdicts: [],
      testCpuMs: [],
      testPeakKib: [],
      judgedAt: null,
      // Written by hand without a length (the importers and generation always give one).
      responseChars: null,
      completionTokens: null,
    });
    // Imported files may leave out a test's CPU time or memory: the arrays then hold NULLs.
    expect(await getSample(t.db, { ...key, idx: 2 })).toMatchObject({
      testVerdicts: [0, 1],
      testCpuMs: [null, null],
      testPeakKib: [null, 300],
    });
    expect(await getSample(t.db, { ...key, studyId: other, idx: 0 })).toBeUndefined();
    expect(await getTestTiers(t.db, pr.easy)).toEqual(
      new Map([
        [0, 1],
        [1, 2],
      ]),
    );
  });
});

describe('triage evidence and shares', () => {
  it('sums the first-failing-tier histograms of the asked checkpoints', async () => {
    expect(await findMissingCheckpoints(t.db, study, [cp.low, 999_999])).toEqual([999_999]);
    expect(await getFailTierHistograms(t.db, study, [cp.low, cp.high], {})).toEqual({
      [cp.low]: { [pr.easy]: [1, 1] },
      [cp.high]: { [pr.easy]: [0, 1], [pr.hard]: [2] },
    });
    expect(await getFailTierHistograms(t.db, study, [cp.high, cp.half], { difficulty: 'hard' })).toEqual({
      [cp.high]: { [pr.hard]: [2] },
      [cp.half]: {},
    });
  });

  it('stores a share from its JSON text and reads it back with the current version', async () => {
    await insertShare(t.db, {
      token: 'tok',
      studyId: study,
      view: '/studies/1',
      dataVersion: 0,
      payloadJson: '{"datasets":{}}',
      createdById: null,
    });
    await t.db.pool.query('UPDATE study SET data_version = 3 WHERE id = $1', [study]);
    expect(await findShare(t.db, 'tok')).toEqual({
      token: 'tok',
      studyId: study,
      studyName: 'Q study',
      view: '/studies/1',
      dataVersion: 0,
      currentVersion: 3,
      createdAt: expect.any(Date),
      createdBy: null,
      payload: { datasets: {} },
    });
    expect(await findShare(t.db, 'nope')).toBeUndefined();
  });
});
