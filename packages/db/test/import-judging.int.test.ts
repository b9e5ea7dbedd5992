import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStudy } from '../src/ingest/import-study';
import type { RunImport, SampleRecord } from '../src/ingest/types';
import { claimRunForJudging } from '../src/pipeline/judge-claim';
import { createTestDatabase, type TestDatabase } from './test-database';

// How an import's samples without a verdict are spread over the workers: a judge chain per run
// (any number of workers judge one import at once), and a run judged by one job at a time (no
// sample is judged twice, however the jobs on a run came to be).

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const run = (alpha: number, samples: SampleRecord[], hash = `h${alpha}`): RunImport => ({
  source: `alpha ${alpha}`,
  sourceHash: hash,
  checkpoint: { name: `c${alpha}`, role: 'MERGED', alpha, scale: '' },
  setting: 'reasoning',
  problems: async function* () {
    yield { problem: { externalId: 'p1' }, samples };
  },
});

const unjudged = (n: number): SampleRecord[] =>
  Array.from({ length: n }, (_, idx) => ({ idx, code: `print(${idx})`, verdict: null }));
const judged = (n: number): SampleRecord[] =>
  Array.from({ length: n }, (_, idx) => ({ idx, code: `print(${idx})`, verdict: 'AC' }));

const jobs = async (studyId: number) =>
  (
    await t.db.pool.query<{ id: number; kind: string; dependsOnId: number | null; runIds: number[] }>(
      `SELECT id, kind, depends_on_id AS "dependsOnId", params->'runIds' AS "runIds" FROM pipeline_job WHERE study_id = $1 ORDER BY id`,
      [studyId],
    )
  ).rows;

/** A judge job in the RUNNING state, as a worker's markRunning leaves it. */
async function runningJudgeJob(studyId: number): Promise<number> {
  const { rows } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO pipeline_job (study_id, kind, state, attempts, started_at) VALUES ($1, 'judge', 'RUNNING', 1, now()) RETURNING id`,
    [studyId],
  );
  return rows[0]!.id;
}

describe('the jobs of an import with samples to judge', () => {
  it('queue one aggregation of every run, and a judge -> aggregate chain for each run with unjudged samples', async () => {
    const s = await importStudy(t.db, {
      study: { name: 'Spread' },
      benchmark: 'b',
      runs: [
        run(0, unjudged(3)),
        run(0.5, judged(2)),
        run(1, [...judged(1), ...unjudged(2).map((x) => ({ ...x, idx: x.idx + 1 }))]),
      ],
    });
    expect(s.unjudgedSamples).toBe(5);
    const [r0, r05, r1] = s.runIds as [number, number, number];
    const rows = await jobs(s.studyId);
    expect(rows.map(({ id: _, dependsOnId, ...j }) => ({ ...j, waits: dependsOnId !== null }))).toEqual([
      { kind: 'aggregate', runIds: [r0, r05, r1].sort((a, b) => a - b), waits: false },
      { kind: 'judge', runIds: [Math.min(r0, r1)], waits: false },
      { kind: 'aggregate', runIds: [Math.min(r0, r1)], waits: true },
      { kind: 'judge', runIds: [Math.max(r0, r1)], waits: false },
      { kind: 'aggregate', runIds: [Math.max(r0, r1)], waits: true },
    ]);
    expect(s.aggregateJobId).toBe(rows[0]!.id);
    expect(s.judgeJobIds).toEqual([rows[1]!.id, rows[3]!.id]);
    expect(rows[2]!.dependsOnId).toBe(rows[1]!.id);
    expect(rows[4]!.dependsOnId).toBe(rows[3]!.id);
    // What the workers can take now: the aggregation and both judge jobs, each under its own key.
    const { rows: queued } = await t.db.pool.query<{ key: string }>(
      `SELECT key FROM graphile_worker.jobs WHERE key = ANY($1::text[]) ORDER BY id`,
      [rows.map((j) => `pipeline:${j.id}`)],
    );
    expect(queued.map((q) => q.key)).toEqual([rows[0]!.id, rows[1]!.id, rows[3]!.id].map((id) => `pipeline:${id}`));
  });

  it('queue no judge job when every sample came with its verdict', async () => {
    const s = await importStudy(t.db, {
      study: { name: 'All judged' },
      benchmark: 'b',
      runs: [run(0, judged(2)), run(1, judged(1))],
    });
    expect(s.judgeJobIds).toBeUndefined();
    expect((await jobs(s.studyId)).map((j) => j.kind)).toEqual(['aggregate']);
  });
});

describe('claimRunForJudging', () => {
  it('lets one running judge job at a time hold a run; the others are told which job holds it', async () => {
    const s = await importStudy(t.db, {
      study: { name: 'Claims' },
      benchmark: 'b',
      runs: [run(0, unjudged(1)), run(1, unjudged(1))],
    });
    const [runA, runB] = s.runIds as [number, number];
    const first = await runningJudgeJob(s.studyId);
    const second = await runningJudgeJob(s.studyId);
    expect(await claimRunForJudging(t.db, first, runA)).toBeUndefined();
    // Claiming again (a retry of the same job, on any worker) keeps it.
    expect(await claimRunForJudging(t.db, first, runA)).toBeUndefined();
    expect(await claimRunForJudging(t.db, second, runA)).toBe(first);
    // Another run is free.
    expect(await claimRunForJudging(t.db, second, runB)).toBeUndefined();
    // A job that moves to its next run releases the one before.
    expect(await claimRunForJudging(t.db, first, runB)).toBe(second);
    const { rows } = await t.db.pool.query<{ id: number; run_id: number | null }>(
      'SELECT id, run_id FROM pipeline_job WHERE id = ANY($1::int[]) ORDER BY id',
      [[first, second]],
    );
    // A job told to wait holds nothing meanwhile, so two jobs never wait for each other's runs.
    expect(rows).toEqual([
      { id: first, run_id: null },
      { id: second, run_id: runB },
    ]);
  });

  it('frees the run when its job ends (succeeded, failed or cancelled), never leaving it claimed', async () => {
    const s = await importStudy(t.db, { study: { name: 'Ends' }, benchmark: 'b', runs: [run(0, unjudged(1))] });
    const [runId] = s.runIds as [number];
    for (const end of ['SUCCEEDED', 'FAILED', 'CANCELLED']) {
      const holder = await runningJudgeJob(s.studyId);
      const waiter = await runningJudgeJob(s.studyId);
      expect(await claimRunForJudging(t.db, holder, runId)).toBeUndefined();
      expect(await claimRunForJudging(t.db, waiter, runId)).toBe(holder);
      await t.db.pool.query('UPDATE pipeline_job SET state = $2::"JobState" WHERE id = $1', [holder, end]);
      expect(await claimRunForJudging(t.db, waiter, runId)).toBeUndefined();
      await t.db.pool.query(`UPDATE pipeline_job SET state = 'SUCCEEDED' WHERE id = $1`, [waiter]);
    }
  });

  it('gives a run to exactly one of many jobs claiming it at the same moment', async () => {
    const s = await importStudy(t.db, { study: { name: 'Race' }, benchmark: 'b', runs: [run(0, unjudged(1))] });
    const [runId] = s.runIds as [number];
    const ids = await Promise.all(Array.from({ length: 8 }, () => runningJudgeJob(s.studyId)));
    const answers = await Promise.all(ids.map((id) => claimRunForJudging(t.db, id, runId)));
    const winners = ids.filter((_, i) => answers[i] === undefined);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a !== undefined)).toEqual(Array.from({ length: 7 }, () => winners[0]));
  });
});
