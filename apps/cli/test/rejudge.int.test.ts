import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBenchmark } from '@frontier/db';
import { JUDGE_VERSION } from '@frontier/judge';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { ADDERS, importAddSamples, spawnWorker, stopWorker } from '../../worker/test/support';
import { runCli } from './run-cli';

// `frontier rejudge` through the real pipeline (a worker process): a verdict imported from a file
// (judged elsewhere, wrongly) is judged again here, the change is counted by class and printed.
const work = mkdtempSync(join(tmpdir(), 'frontier-cli-rejudge-'));
chmodSync(work, 0o755);
let t: TestDatabase;
const env = () => ({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work });
const STUDY = 'Rejudge CLI';

const rejudgeJobs = async () =>
  (await t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pipeline_job WHERE params ? 'rejudge'`))
    .rows[0]!.n;

beforeAll(async () => {
  t = await createTestDatabase();
  await importBenchmark(t.db, ADDERS);
  // Passes tier 1 only: WA here, whatever the file said.
  await importAddSamples(t.db, STUDY, [{ idx: 0, code: 'print(3)\n', verdict: 'AC' }]);
}, 120_000);
afterAll(async () => t?.drop());

describe('frontier rejudge', () => {
  it('refuses what the study does not have, by name, and queues nothing', async () => {
    const cases: Array<[string[], string]> = [
      [['--alpha', '0.7'], `study "${STUDY}" has no checkpoint at alpha 0.7: its alphas are 0.5`],
      [['--alpha', 'abc'], '--alpha: "abc" is not a number'],
      [['--problems', 'add', 'nope'], `study "${STUDY}" has no problem "nope"`],
      [['--problems', 'add,,x'], '--problems needs problem ids separated by spaces or single commas'],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['rejudge', STUDY, ...flags], env());
      expect(r.code, flags.join(' ')).not.toBe(0);
      expect(r.stderr).toContain(message);
    }
    const missing = await runCli(['rejudge', 'No such study'], env());
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('no study named "No such study"');
    expect(await rejudgeJobs()).toBe(0);
  });

  it('queues the re-judging, follows it with --wait and prints the verdicts that changed, by class', async () => {
    const w = spawnWorker({ ...env(), WORKER_TASKS: 'judge,aggregate' });
    try {
      const r = await runCli(['rejudge', STUDY, '--alpha', '0.5', '--problems', 'add', '--wait'], env());
      expect(r.stderr).not.toContain('Error');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^queued re-judging of 1 sample in 1 run as jobs \d+ \(judge\), \d+ \(aggregate\)\n/);
      expect(r.stdout).toContain('re-judged 1 sample: 1 changed: 1 SOLVED->CORRECTNESS\n');
    } finally {
      await stopWorker(w);
    }
    const { rows } = await t.db.pool.query<{ verdict: string; judge_version: number }>(
      'SELECT verdict, judge_version FROM sample',
    );
    expect(rows).toEqual([{ verdict: 'WA', judge_version: JUDGE_VERSION }]);
    const jobs = await runCli(['jobs', '--study', STUDY], env());
    const lines = jobs.stdout.trim().split('\n');
    expect(lines.filter((l) => /^\s*\d+ {2}rejudge /.test(l))).toEqual([
      expect.stringMatching(/ SUCCEEDED .*re-judged 1 sample: 1 changed: 1 SOLVED->CORRECTNESS$/),
    ]);
    // Its aggregation is an ordinary one.
    expect(lines.filter((l) => /^\s*\d+ {2}aggregate .* SUCCEEDED /.test(l)).length).toBeGreaterThan(0);
  }, 180_000);
});
