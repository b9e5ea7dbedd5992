import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, importBenchmark, importStudy, type RunImport } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { ADDERS, spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// An import's judging spread over judge workers, with worker processes as in production: a judge
// job per run, each run judged by exactly one job, every sample once.
const work = mkdtempSync(join(tmpdir(), 'frontier-spread-'));
chmodSync(work, 0o755);
let t: TestDatabase;

const judgeWorker = (): WorkerProcess =>
  spawnWorker({
    DATABASE_URL: t.url,
    FRONTIER_DATA_DIR: work,
    WORKER_TASKS: 'judge,aggregate',
    WORKER_CONCURRENCY: '1',
  });

/** `samples` distinct programs for `add` (no result reused), every third one wrong. */
function run(study: string, alpha: number, samples: number): RunImport {
  return {
    source: `${study} ${alpha}`,
    sourceHash: `${study} ${alpha}`,
    checkpoint: { name: `c${alpha}`, role: 'MERGED', alpha, scale: '' },
    setting: 'reasoning',
    problems: async function* () {
      yield {
        problem: { externalId: 'add' },
        samples: Array.from({ length: samples }, (_, idx) => ({
          idx,
          code: `# ${study} ${alpha} ${idx}\na, b = map(int, input().split())\nprint(a ${idx % 3 ? '+' : '*'} b)\n`,
          verdict: null,
        })),
      };
    },
  };
}

/** The lines the workers log per judged run: judge job id, run id, samples taken, verdicts written. */
function judgedLines(output: string): { job: number; run: number; samples: number; written: number }[] {
  return [...output.matchAll(/judge #(\d+): run (\d+): judged (\d+) samples \((\d+) verdicts written\)/g)].map((m) => ({
    job: Number(m[1]),
    run: Number(m[2]),
    samples: Number(m[3]),
    written: Number(m[4]),
  }));
}

const unjudged = async (runIds: number[]) =>
  Number(
    (
      await t.db.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM sample WHERE run_id = ANY($1::int[]) AND verdict IS NULL',
        [runIds],
      )
    ).rows[0]!.n,
  );

async function allSucceeded(ids: number[]): Promise<boolean> {
  const jobs = await Promise.all(ids.map((id) => getJob(t.db, id)));
  const failed = jobs.find((j) => j?.state === 'FAILED');
  if (failed) throw new Error(`job ${failed.id} failed: ${failed.error}`);
  return jobs.every((j) => j?.state === 'SUCCEEDED');
}

beforeAll(async () => {
  t = await createTestDatabase();
  await importBenchmark(t.db, ADDERS);
});
afterAll(async () => t?.drop());

describe("an import's judging on several workers", () => {
  it('two judge workers share the judge jobs of one import, run by run, and judge every sample once', async () => {
    const workers = [judgeWorker(), judgeWorker()];
    try {
      await until(
        'both workers to be ready',
        async () => workers.every((w) => w.output().includes('[worker] ready')),
        120_000,
      );
      const s = await importStudy(t.db, {
        study: { name: 'Spread' },
        benchmark: 'adders',
        runs: [0, 0.25, 0.5, 0.75].map((a) => run('Spread', a, 12)),
      });
      expect(s.judgeJobIds).toHaveLength(4);
      await until('every judge job', () => allSucceeded(s.judgeJobIds!));
      expect(await unjudged(s.runIds)).toBe(0);
      const byWorker = workers.map((w) => judgedLines(w.output()));
      // Each judge job judged its own run once, on one worker, in one attempt.
      const lines = byWorker.flat().sort((a, b) => a.job - b.job);
      expect(lines.map((l) => l.job)).toEqual(s.judgeJobIds);
      expect(lines.map((l) => l.run)).toEqual([...s.runIds].sort((a, b) => a - b));
      expect(lines.every((l) => l.samples === 12 && l.written === 12)).toBe(true);
      for (const id of s.judgeJobIds!) expect((await getJob(t.db, id))?.attempts).toBe(1);
      // Both took some: each worker runs one job at a time, and four were queued at once.
      expect(byWorker.map((l) => l.length > 0)).toEqual([true, true]);
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
  }, 240_000);

  it('a judge job whose run another running job holds steps aside, then judges what is left once that job is over', async () => {
    const s = await importStudy(t.db, { study: { name: 'Held' }, benchmark: 'adders', runs: [run('Held', 1, 3)] });
    const [runId] = s.runIds as [number];
    const [jobId] = s.judgeJobIds as [number];
    // Another judge job on the same run, running (an evaluation's, or an earlier import's).
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO pipeline_job (study_id, kind, state, attempts, started_at, run_id) VALUES ($1, 'judge', 'RUNNING', 1, now(), $2) RETURNING id`,
      [s.studyId, runId],
    );
    const holder = rows[0]!.id;
    const w = judgeWorker();
    try {
      await until(
        'the job to step aside',
        async () =>
          w.output().includes(`judge #${jobId}: run ${runId} is being judged by job ${holder}; looking again in 5 s`),
        120_000,
      );
      expect(await unjudged([runId])).toBe(3);
      expect((await getJob(t.db, jobId))?.state).toBe('RUNNING');
      await t.db.pool.query(`UPDATE pipeline_job SET state = 'SUCCEEDED', finished_at = now() WHERE id = $1`, [holder]);
      await until('the judge job', () => allSucceeded([jobId]), 60_000);
      expect(await unjudged([runId])).toBe(0);
      // Stepping aside was not an attempt.
      expect((await getJob(t.db, jobId))?.attempts).toBe(1);
      expect(judgedLines(w.output())).toEqual([{ job: jobId, run: runId, samples: 3, written: 3 }]);
    } finally {
      await stopWorker(w);
    }
  }, 240_000);
});
