import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { createToyStudy, spawnWorker, stopWorker } from '../../worker/test/support';
import { runCli } from './run-cli';

// `frontier refine` through the real pipeline (a worker process) on a two-problem minilab study.
const work = mkdtempSync(join(tmpdir(), 'frontier-cli-refine-'));
chmodSync(work, 0o755);
let t: TestDatabase;
const env = () => ({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work });

beforeAll(async () => {
  t = await createTestDatabase();
  await createToyStudy(t.db, { name: 'Refine CLI', problemIds: ['two-sum-count', 'lis-length'], samples: 4, work });
  await createToyStudy(t.db, {
    name: 'Refine CLI busy',
    problemIds: ['two-sum-count'],
    samples: 4,
    work: join(work, 'busy'),
  });
}, 120_000);
afterAll(async () => t?.drop());

describe('frontier refine', () => {
  it('refuses bad flags by name and queues nothing', async () => {
    // Each flag's own rules are covered by curve-flags.test.ts; these go through the whole command.
    const cases: Array<[string[], string]> = [
      [[], 'give a budget'],
      [['--budget', '2', '--range', '2,1'], '--range: the low end must be below the high end'],
      [['--budget', '2', '--target-width', '9'], 'target width must be positive and at most'],
      [['--budget', '2', '--setting', 'agentic'], 'setting "agentic"'],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['refine', 'Refine CLI', ...flags], env());
      expect(r.code, flags.join(' ')).not.toBe(0);
      expect(r.stderr).toContain(message);
    }
    const unknown = await runCli(['refine', 'Nope', '--budget', '2'], env());
    expect(unknown.stderr).toContain('no study named "Nope"');
    const { rows } = await t.db.pool.query(`SELECT 1 FROM pipeline_job WHERE kind = 'refine'`);
    expect(rows).toHaveLength(0);
  }, 120_000);

  it('refuses a second run of a study while one is queued', async () => {
    const first = await runCli(['refine', 'Refine CLI busy', '--budget', '2'], env());
    expect(first.code).toBe(0);
    const id = /job (\d+)/.exec(first.stdout)?.[1];
    // Without --range, the default of the alphas evaluated so far (none: the endpoints, 0.5 wider), fixed for the run.
    const { rows } = await t.db.pool.query<{ params: { settings: { range: number[] } } }>(
      'SELECT params FROM pipeline_job WHERE id = $1',
      [Number(id)],
    );
    expect(rows[0]!.params.settings.range).toEqual([-0.5, 1.5]);
    const second = await runCli(['refine', 'Refine CLI busy', '--budget', '2'], env());
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`already has a refinement run (job ${id})`);
    expect((await runCli(['jobs', '--cancel', id!], env())).code).toBe(0);
  }, 60_000);

  it('runs rounds through a worker and says why it stopped', async () => {
    const w = spawnWorker({ ...env(), WORKER_CONCURRENCY: '2' });
    try {
      const r = await runCli(
        ['refine', 'Refine CLI', '--budget', '3', '--count', '2', '--range', '-1,2', '--wait'],
        env(),
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/queued refinement run as job \d+/);
      expect(r.stdout).toContain('round 1: alphas 0, 1');
      expect(r.stdout).toMatch(/round 2: alphas -?\d/);
      expect(r.stdout).toContain('the budget of 3 alphas is spent');
    } finally {
      await stopWorker(w);
    }
  }, 240_000);
});
