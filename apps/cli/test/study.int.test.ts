import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENDPOINTS } from '@frontier/minilab';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';
import { completion, startFakeServer } from '../../../packages/generate/test/fake-openai-server';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestDatabase;
const dir = tempDir();

beforeAll(async () => {
  t = await createTestDatabase();
  writeFileSync(
    join(dir, 'bench.json'),
    JSON.stringify({ name: 'tiny', problems: [{ id: 'add', title: 'Add', difficulty: 'easy', tests: [{ input: '1 2\n', output: '3\n', tier: 1 }] }] }),
  );
});
afterAll(async () => t?.drop());

describe('frontier study create + evaluate against an OpenAI-compatible server', () => {
  it('refuses bad flags by name and writes nothing', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const common = ['study', 'create', 'S', '--benchmark', join(dir, 'bench.json'), '--lo', DEMO_ENDPOINTS.lo, '--hi', DEMO_ENDPOINTS.hi, '--model', 'm'];
    const badUrl = await runCli([...common, '--base-url', 'not a url'], env);
    expect(badUrl.code).not.toBe(0);
    expect(badUrl.stderr).toContain('baseUrl');
    const badAlpha = await runCli([...common, '--base-url', 'http://127.0.0.1:9/v1', '--alphas', '0.5,x'], env);
    expect(badAlpha.code).not.toBe(0);
    expect(badAlpha.stderr).toContain('--alphas');
    const missing = await runCli([...common.slice(0, 5), '--lo', join(dir, 'nope'), '--hi', DEMO_ENDPOINTS.hi, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('does not exist');
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM study');
    expect(rows[0].n).toBe(0);
  });

  it('an unreachable endpoint fails the generate job with a clear message and leaves no sample', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const created = await runCli(
      ['study', 'create', 'Unreachable', '--benchmark', join(dir, 'bench.json'), '--lo', DEMO_ENDPOINTS.lo, '--hi', DEMO_ENDPOINTS.hi,
        '--base-url', 'http://127.0.0.1:9/v1', '--model', 'coverage-{alpha}', '--samples', '2', '--max-retries', '0', '--alphas', '0.5'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('queued 1 alphas');
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    try {
      let error: string | null = null;
      for (let i = 0; i < 600 && !error; i++) {
        const { rows } = await t.db.pool.query<{ error: string | null }>(`SELECT error FROM pipeline_job WHERE kind = 'generate'`);
        error = rows[0]?.error ?? null;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(error).toMatch(/127\.0\.0\.1:9\/v1\/chat\/completions/);
      expect(error).toMatch(/ECONNREFUSED|network error/);
      const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM sample');
      expect(rows[0].n).toBe(0);
      const jobs = await runCli(['jobs'], env);
      expect(jobs.stdout).toMatch(/generate .*ECONNREFUSED|generate .*network error/);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.on('exit', r));
    }
  }, 120_000);

  it('samples from the server, judges the replies and aggregates: a correct reply is AC, a reply without code is CE', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    // Alternate a correct program and a reply with no code block.
    const server = await startFakeServer((req, nth) => ({
      body: completion([nth % 2 === 0 ? 'Sure:\n```python\na, b = map(int, input().split())\nprint(a + b)\n```\n' : 'I cannot solve this.']),
    }));
    try {
      const created = await runCli(
        ['study', 'create', 'Served', '--benchmark', join(dir, 'bench.json'), '--lo', DEMO_ENDPOINTS.lo, '--hi', DEMO_ENDPOINTS.hi,
          '--base-url', server.url, '--model', 'coverage-{alpha}', '--samples', '4', '--concurrency', '1', '--alphas', '1.5'],
        env,
      );
      expect(created.stderr).toBe('');
      const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
      try {
        for (let i = 0; i < 1200; i++) {
          const { rows } = await t.db.pool.query<{ open: number }>(
            `SELECT count(*) FILTER (WHERE j.state <> 'SUCCEEDED')::int AS open FROM pipeline_job j JOIN study s ON s.id = j.study_id WHERE s.name = 'Served'`,
          );
          if (rows[0]!.open === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        worker.kill('SIGTERM');
        await new Promise((r) => worker.on('exit', r));
      }
      expect(server.requests[0]!.body.model).toBe('coverage-1.5');
      const { rows } = await t.db.pool.query(
        `SELECT a.n, a.solved, a.ce FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
         JOIN study s ON s.id = c.study_id WHERE s.name = 'Served'`,
      );
      expect(rows).toEqual([{ n: 4, solved: 2, ce: 2 }]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
