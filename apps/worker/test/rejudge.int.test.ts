import { chmodSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeVerdictChanges } from '@frontier/core';
import {
  ConflictError,
  getJob,
  importBenchmark,
  InvalidInputError,
  queueRejudge,
  rejudgeStateOf,
  type RejudgeRequest,
} from '@frontier/db';
import { JUDGE_VERSION } from '@frontier/judge';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { ADDERS, importAddSamples, spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// Reproducible verdicts through the pipeline, with a worker process as in production: judged
// samples and judged programs record the judge version, limits and machine; re-judging ignores
// results a current judge's key does not name (an older judge's), counts the verdicts that
// changed, and aggregates again.
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const THREE = 'print(3)\n'; // passes tier 1 (1 2 -> 3), not tier 2
const work = mkdtempSync(join(tmpdir(), 'frontier-rejudge-'));
chmodSync(work, 0o755);
let t: TestDatabase;
let studyId: number;
let w: WorkerProcess;

const samples = async () =>
  (
    await t.db.pool.query<{
      idx: number;
      verdict: string | null;
      judge_version: number | null;
      limit_cpu_ms: number | null;
      limit_memory_kib: number | null;
      machine: string | null;
    }>(
      `SELECT s.idx, s.verdict, s.judge_version, s.limit_cpu_ms, s.limit_memory_kib, s.machine FROM sample s
       JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 ORDER BY s.idx`,
      [studyId],
    )
  ).rows;

const solved = async () =>
  (
    await t.db.pool.query<{ solved: number }>(
      `SELECT a.solved FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
       WHERE c.study_id = $1`,
      [studyId],
    )
  ).rows[0]?.solved;

const programCount = async () =>
  (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM judged_program')).rows[0]!.n;

/** Queues a re-judging, waits for its judge and aggregate jobs, and returns what it reported. */
async function rejudge(request: RejudgeRequest = {}) {
  const { jobIds } = await queueRejudge(t.db, studyId, request, { queuedVia: 'cli' });
  for (const id of jobIds)
    await until(`job ${id}`, async () => {
      const job = await getJob(t.db, id);
      if (job?.state === 'FAILED') throw new Error(`job ${id} failed: ${job.error}`);
      return job?.state === 'SUCCEEDED';
    });
  const state = rejudgeStateOf((await getJob(t.db, jobIds[0]!))!.params)!;
  expect(
    rejudgeStateOf((await getJob(t.db, jobIds[1]!))!.params),
    'the aggregation is an ordinary job',
  ).toBeUndefined();
  return { state, text: describeVerdictChanges(state.changes) };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await importBenchmark(t.db, ADDERS);
  const summary = await importAddSamples(t.db, 'Rejudged', [
    { idx: 0, code: SUM, verdict: null },
    { idx: 1, code: 'print(0)', verdict: null },
    { idx: 2, code: THREE, verdict: null },
  ]);
  studyId = summary.studyId;
  w = spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work, WORKER_TASKS: 'judge,aggregate' });
  await until(`judge job ${summary.judgeJobIds![0]}`, async () => {
    const job = await getJob(t.db, summary.judgeJobIds![0]!);
    if (job?.state === 'FAILED') throw new Error(`the judge job failed: ${job.error}`);
    return job?.state === 'SUCCEEDED';
  });
}, 180_000);

afterAll(async () => {
  if (w) await stopWorker(w);
  await t?.drop();
});

describe('reproducible verdicts', () => {
  it('records the judge version, the limits as applied and the CPU model on samples and judged programs', async () => {
    const machine = cpus()[0]!.model.trim().replace(/\s+/g, ' ');
    // ADDERS' problem: 1 s, 64 MiB.
    const how = { judge_version: JUDGE_VERSION, limit_cpu_ms: 1000, limit_memory_kib: 65536, machine };
    expect(await samples()).toEqual([
      { idx: 0, verdict: 'AC', ...how },
      { idx: 1, verdict: 'WA', ...how },
      { idx: 2, verdict: 'WA', ...how },
    ]);
    const { rows } = await t.db.pool.query(
      'SELECT judge_version, limit_cpu_ms, limit_memory_kib, machine FROM judged_program ORDER BY key',
    );
    expect(rows).toEqual([how, how, how]);
  });

  it("re-judging ignores an older judge's results, writes the current verdicts, counts the changes by class and aggregates", async () => {
    // What an older judge left: other verdicts on the samples, and its results under keys that
    // the current judge's version no longer computes.
    await t.db.pool.query(
      `UPDATE sample SET verdict = CASE idx WHEN 0 THEN 'TLE' WHEN 1 THEN 'AC' ELSE 'MLE' END::"Verdict",
         failure_class = CASE idx WHEN 1 THEN 'SOLVED' ELSE 'OPTIMIZATION' END::"FailureClass", judge_version = NULL`,
    );
    await t.db.pool.query(`UPDATE judged_program SET key = 'older-' || key, verdict = 'TLE', judge_version = NULL`);
    await t.db.pool.query('UPDATE run_problem_aggregate SET solved = 0');
    const { state, text } = await rejudge();
    expect(state.changes).toEqual({ 'TLE>AC': 1, 'AC>WA': 1, 'MLE>WA': 1 });
    expect(text).toBe('3 changed: 1 SOLVED->CORRECTNESS, 1 OPTIMIZATION->SOLVED, 1 OPTIMIZATION->CORRECTNESS');
    expect(state.samples).toBe(3);
    expect((await samples()).map((s) => [s.verdict, s.judge_version])).toEqual([
      ['AC', JUDGE_VERSION],
      ['WA', JUDGE_VERSION],
      ['WA', JUDGE_VERSION],
    ]);
    // The three programs ran again, under the current keys; the older rows stay, unused.
    expect(await programCount()).toBe(6);
    expect(await solved()).toBe(1);
  }, 120_000);

  it('reuses results of the same judge version unless forced', async () => {
    const before = await programCount();
    // A stored result of this version (as if judged on a slower machine) and the sample that took it.
    await t.db.pool.query(`UPDATE judged_program SET verdict = 'TLE' WHERE key NOT LIKE 'older-%' AND verdict = 'AC'`);
    await t.db.pool.query(`UPDATE sample SET verdict = 'TLE', failure_class = 'OPTIMIZATION' WHERE idx = 0`);
    const plain = await rejudge({ alphas: [0.5], problems: ['add'] });
    expect(plain.text).toBe('no verdict changed');
    expect((await samples())[0]!.verdict).toBe('TLE');
    const forced = await rejudge({ force: true });
    expect(forced.state.changes).toEqual({ 'TLE>AC': 1 });
    expect(forced.text).toBe('1 changed: 1 OPTIMIZATION->SOLVED');
    expect((await samples())[0]!.verdict).toBe('AC');
    // Forced results replace the stored ones rather than adding rows.
    expect(await programCount()).toBe(before);
    expect(
      (
        await t.db.pool.query(
          `SELECT count(*)::int AS n FROM judged_program WHERE key NOT LIKE 'older-%' AND verdict = 'TLE'`,
        )
      ).rows[0].n,
    ).toBe(0);
  }, 120_000);

  it('refuses alphas and problems the study does not have, naming them, and a second re-judging at once', async () => {
    await expect(queueRejudge(t.db, studyId, { alphas: [0.5, 0.7] })).rejects.toThrow(
      new InvalidInputError('study "Rejudged" has no checkpoint at alpha 0.7: its alphas are 0.5'),
    );
    await expect(queueRejudge(t.db, studyId, { problems: ['add', 'nope', 'gone'] })).rejects.toThrow(
      new InvalidInputError(
        'study "Rejudged" has no problem "nope", "gone": see the problem ids in its Matrix tab or `frontier export`',
      ),
    );
    await stopWorker(w);
    const { jobIds } = await queueRejudge(t.db, studyId, {});
    await expect(queueRejudge(t.db, studyId, {})).rejects.toThrow(ConflictError);
    await expect(queueRejudge(t.db, studyId, {})).rejects.toThrow(
      `study "Rejudged" is being re-judged already (job ${jobIds[0]}): wait for it to finish or cancel it`,
    );
  });
});
