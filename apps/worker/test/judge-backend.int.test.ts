import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BACKENDS, type SandboxBackend } from '@frontier/core';
import { getJob, importBenchmark, type SampleRecord, type StudyConfigInput } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { ADDERS, importAddSamples, spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// The judge's sandbox backend through the pipeline, with worker processes as in production: each
// judged sample records the backend that ran it, and a study may require one.
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const work = mkdtempSync(join(tmpdir(), 'frontier-backend-'));
chmodSync(work, 0o755);
let t: TestDatabase;
/** The backend the workers' judge resolves `auto` to on this machine, as the worker logs it. */
let backend: SandboxBackend;

const worker = (env: Record<string, string> = {}): WorkerProcess =>
  spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work, WORKER_TASKS: 'judge,aggregate', ...env });

const importSamples = (study: string, samples: SampleRecord[]) => importAddSamples(t.db, study, samples);

/** A study whose settings require `required` to judge its samples. */
async function studyRequiring(name: string, required: SandboxBackend): Promise<void> {
  const config: StudyConfigInput = {
    benchmark: 'adders',
    samplesPerProblem: 1,
    backend: { kind: 'toy' },
    endpoints: { lo: '/lo', hi: '/hi' },
    checkpointsDir: join(work, 'checkpoints'),
    judge: { backend: required },
  };
  await t.db.pool.query(`INSERT INTO study (name, origin, config) VALUES ($1, 'pipeline', $2)`, [name, config]);
}

const samplesOf = async (studyId: number) =>
  (
    await t.db.pool.query<{ idx: number; verdict: string | null; sandbox: string | null }>(
      `SELECT s.idx, s.verdict, s.sandbox FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 ORDER BY s.idx`,
      [studyId],
    )
  ).rows;

const judgedPrograms = async () =>
  (await t.db.pool.query<{ sandbox: string }>('SELECT sandbox FROM judged_program')).rows.map((r) => r.sandbox);

async function succeeded(jobId: number): Promise<void> {
  await until(`judge job ${jobId}`, async () => {
    const job = await getJob(t.db, jobId);
    if (job?.state === 'FAILED') throw new Error(`the judge job failed: ${job.error}`);
    return job?.state === 'SUCCEEDED';
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await importBenchmark(t.db, ADDERS);
});
afterAll(async () => t?.drop());

describe('judge sandbox backends in the pipeline', () => {
  it('records the backend on each sample it judged; none on imported verdicts and empty programs', async () => {
    const summary = await importSamples('Any backend', [
      { idx: 0, code: SUM, verdict: null },
      { idx: 1, code: 'print(0)', verdict: null },
      { idx: 2, code: '  \n', verdict: null },
      { idx: 3, code: SUM, verdict: 'AC' },
    ]);
    const w = worker();
    try {
      await succeeded(summary.judgeJobIds![0]!);
      backend = /\[judge\] sandbox backend (\w+)/.exec(w.output())?.[1] as SandboxBackend;
      expect(SANDBOX_BACKENDS).toContain(backend);
      expect(w.output()).toMatch(/\[worker\] ready \(.*; judge backend auto \(\w+\)\)/);
    } finally {
      await stopWorker(w);
    }
    expect(await samplesOf(summary.studyId)).toEqual([
      { idx: 0, verdict: 'AC', sandbox: backend },
      { idx: 1, verdict: 'WA', sandbox: backend },
      { idx: 2, verdict: 'CE', sandbox: null },
      { idx: 3, verdict: 'AC', sandbox: null },
    ]);
    expect(await judgedPrograms()).toEqual([backend, backend]);
  }, 120_000);

  it('a study that requires another backend is not judged: the step fails, saying what to set, and waits for a retry', async () => {
    const other = SANDBOX_BACKENDS.find((b) => b !== backend)!;
    await studyRequiring('Requires another', other);
    const summary = await importSamples('Requires another', [{ idx: 0, code: SUM, verdict: null }]);
    const w = worker();
    try {
      const job = await until('a failed attempt', async () => {
        const j = await getJob(t.db, summary.judgeJobIds![0]!);
        return j?.error ? j : undefined;
      });
      expect(job.error).toBe(
        `study ${summary.studyId} requires the ${other} judge backend; this worker's judge is ${backend}: set FRONTIER_JUDGE_BACKEND=${other} on a machine where it works`,
      );
      // Not final: another attempt, perhaps on a worker that has the backend, may judge it.
      expect(job.state).not.toBe('FAILED');
      expect(job.attempts).toBeLessThan(job.maxAttempts);
    } finally {
      await stopWorker(w);
    }
    expect(await samplesOf(summary.studyId)).toEqual([{ idx: 0, verdict: null, sandbox: null }]);
  }, 120_000);

  it("a study that requires the worker's backend judges again what was judged without that requirement", async () => {
    await studyRequiring('Requires mine', backend);
    const summary = await importSamples('Requires mine', [
      { idx: 0, code: SUM, verdict: null },
      { idx: 1, code: 'print(0)', verdict: null },
    ]);
    const before = (await judgedPrograms()).length;
    const w = worker({ FRONTIER_JUDGE_BACKEND: backend });
    try {
      await succeeded(summary.judgeJobIds![0]!);
      expect(w.output()).toContain(`[judge] sandbox backend ${backend}:`);
    } finally {
      await stopWorker(w);
    }
    expect(await samplesOf(summary.studyId)).toEqual([
      { idx: 0, verdict: 'AC', sandbox: backend },
      { idx: 1, verdict: 'WA', sandbox: backend },
    ]);
    // The same two programs, remembered under keys of their own rather than reused.
    expect((await judgedPrograms()).length).toBe(before + 2);
  }, 120_000);

  // This machine mounts cgroup v1 only: no cgroup2 backend can run here (skipped on a v2 host).
  it.skipIf(existsSync('/sys/fs/cgroup/cgroup.controllers'))(
    'a judge worker whose backend cannot run here exits at once with EX_CONFIG (78, which frontier up does not restart), saying what is missing, before taking any job',
    async () => {
      const started = Date.now();
      const w = worker({ FRONTIER_JUDGE_BACKEND: 'cgroup2' });
      expect(await w.exited).toBe(78);
      expect(w.output()).toContain(
        '[worker] the cgroup2 judge backend cannot run here: /sys/fs/cgroup is not a cgroup v2 mount (the host uses cgroup v1)',
      );
      expect(w.output()).not.toContain('ready');
      // At start (node and tsx included), not after a poll of the queue or a job's attempts.
      expect(Date.now() - started).toBeLessThan(30_000);
    },
    60_000,
  );

  it.skipIf(existsSync('/sys/fs/cgroup/cgroup.controllers'))(
    'a worker that does not judge needs no judge backend',
    async () => {
      const w = worker({ FRONTIER_JUDGE_BACKEND: 'cgroup2', WORKER_TASKS: 'merge,generate' });
      try {
        await until(
          'the worker to be ready',
          async () => {
            if (w.child.exitCode !== null) throw new Error(`the worker exited: ${w.output()}`);
            return w.output().includes('[worker] ready');
          },
          60_000,
        );
        expect(w.output()).toContain('tasks merge, generate; no judge)');
        expect(w.output()).not.toContain('[judge]');
      } finally {
        await stopWorker(w);
      }
      expect(w.child.exitCode).toBe(0);
    },
    90_000,
  );

  it('refuses to start with an unknown FRONTIER_JUDGE_BACKEND, naming the variable and the choices', async () => {
    const w = worker({ FRONTIER_JUDGE_BACKEND: 'docker' });
    expect(await w.exited).not.toBe(0);
    expect(w.output()).toContain(
      'FRONTIER_JUDGE_BACKEND: must be one of auto, cgroup1, cgroup2, rootless (got "docker")',
    );
  });
});
