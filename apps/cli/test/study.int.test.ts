import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENDPOINTS } from '@frontier/minilab';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';
import { completion, startFakeServer } from '../../../packages/generate/test/fake-openai-server';
import { spawnWorker, stopWorker, until } from '../../worker/test/support';

let t: TestDatabase;
const dir = tempDir();

beforeAll(async () => {
  t = await createTestDatabase();
  writeFileSync(
    join(dir, 'bench.json'),
    JSON.stringify({
      name: 'tiny',
      problems: [{ id: 'add', title: 'Add', difficulty: 'easy', tests: [{ input: '1 2\n', output: '3\n', tier: 1 }] }],
    }),
  );
});
afterAll(async () => t?.drop());

/** The generate job of study `name`'s first chain. */
const generateJobOf = async (name: string) =>
  (
    await t.db.pool.query<{ state: string; error: string | null }>(
      `SELECT j.state, j.error FROM pipeline_job j JOIN study s ON s.id = j.study_id WHERE s.name = $1 AND j.kind = 'generate' ORDER BY j.id LIMIT 1`,
      [name],
    )
  ).rows[0];

/** Waits until every job of the studies whose names match `like` succeeded; throws if one failed. */
const allJobsSucceeded = (like: string, ms: number) =>
  until(
    `the jobs of ${like}`,
    async () => {
      const { rows } = await t.db.pool.query<{ open: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE j.state <> 'SUCCEEDED')::int AS open, count(*) FILTER (WHERE j.state = 'FAILED')::int AS failed
       FROM pipeline_job j JOIN study s ON s.id = j.study_id WHERE s.name LIKE $1`,
        [like],
      );
      if (rows[0]!.failed) throw new Error(`a job of ${like} failed`);
      return rows[0]!.open === 0;
    },
    ms,
  );

describe('frontier study create + evaluate against an OpenAI-compatible server', () => {
  it('refuses bad flags by name and writes nothing', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const common = [
      'study',
      'create',
      'S',
      '--benchmark',
      join(dir, 'bench.json'),
      '--lo',
      DEMO_ENDPOINTS.lo,
      '--hi',
      DEMO_ENDPOINTS.hi,
      '--model',
      'm',
    ];
    const badUrl = await runCli([...common, '--base-url', 'not a url'], env);
    expect(badUrl.code).not.toBe(0);
    expect(badUrl.stderr).toContain('--base-url');
    const badAlpha = await runCli([...common, '--base-url', 'http://127.0.0.1:9/v1', '--alphas', '0.5,x'], env);
    expect(badAlpha.code).not.toBe(0);
    expect(badAlpha.stderr).toContain('--alphas');
    const missing = await runCli(
      [
        ...common.slice(0, 5),
        '--lo',
        join(dir, 'nope'),
        '--hi',
        DEMO_ENDPOINTS.hi,
        '--model',
        'm',
        '--base-url',
        'http://127.0.0.1:9/v1',
      ],
      env,
    );
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('does not exist');
    // How checkpoints are served: exactly one mode, each with what it needs; keys never stored.
    const base = common.slice(0, -2);
    // (Every combination is covered by serving-flags.test.ts; these go through the whole command.)
    const cases: Array<[string[], string]> = [
      [[], 'say how checkpoints are served'],
      [
        ['--serve', 'vllm serve {checkpoint} --port {port}'],
        '--serve: the command must contain {checkpoint}, {model} and {port}',
      ],
      [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--api-key', 'sk-1'], '--api-key-env'],
      [
        ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--api-key-env', 'MY KEY'],
        '--api-key-env: must be an environment variable name',
      ],
      [
        ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--judge-backend', 'auto'],
        '--judge-backend must be one of cgroup1, cgroup2, rootless (got "auto")',
      ],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli([...base, ...flags], env);
      expect(r.code, flags.join(' ')).not.toBe(0);
      expect(r.stderr, flags.join(' ')).toContain(message);
    }
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM study');
    expect(rows[0].n).toBe(0);
  }, 180_000);

  it("--judge-backend stores the backend the study's samples must be judged with; without it, any will do", async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const create = (name: string, ...flags: string[]) =>
      runCli(
        [
          'study',
          'create',
          name,
          '--benchmark',
          join(dir, 'bench.json'),
          '--lo',
          DEMO_ENDPOINTS.lo,
          '--hi',
          DEMO_ENDPOINTS.hi,
          '--base-url',
          'http://127.0.0.1:9/v1',
          '--model',
          'm',
          ...flags,
        ],
        env,
      );
    expect((await create('Needs cgroup2', '--judge-backend', 'cgroup2', '--token-ids')).code).toBe(0);
    expect((await create('Any judge')).code).toBe(0);
    const { rows } = await t.db.pool.query(
      `SELECT name, config->'judge' AS judge, config->'backend'->'returnTokenIds' AS "tokenIds"
       FROM study WHERE name IN ('Needs cgroup2', 'Any judge') ORDER BY name`,
    );
    // --token-ids (asking the server for each choice's token ids) is stored with the backend too.
    expect(rows).toEqual([
      { name: 'Any judge', judge: { lcbCompat: false }, tokenIds: false },
      { name: 'Needs cgroup2', judge: { lcbCompat: false, backend: 'cgroup2' }, tokenIds: true },
    ]);
  }, 180_000);

  it('named mode: a server that does not serve the model fails the generate job at once, naming the model and the directory to serve', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const server = await startFakeServer(() => ({ body: completion(['```python\nprint(3)\n```']) }), {
      models: ['coverage-0'],
    });
    const worker = spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir, WORKER_TASKS: 'merge,generate' });
    try {
      const created = await runCli(
        [
          'study',
          'create',
          'Named',
          '--benchmark',
          join(dir, 'bench.json'),
          '--lo',
          DEMO_ENDPOINTS.lo,
          '--hi',
          DEMO_ENDPOINTS.hi,
          '--base-url',
          server.url,
          '--model',
          'coverage-{alpha}',
          '--samples',
          '2',
          '--alphas',
          '0.5',
        ],
        env,
      );
      expect(created.stderr).toBe('');
      const error = await until(
        'the generate job to fail',
        async () => (await generateJobOf('Named'))?.error ?? undefined,
        60_000,
      );
      expect(error).toContain('serves no model named "coverage-0.5"');
      expect(error).toContain('coverage-0');
      expect(error).toContain(join(dir, 'checkpoints', 'Named', 'alpha=0.5'));
      expect(server.requests, 'no completion was asked for').toEqual([]);
    } finally {
      await stopWorker(worker);
      await server.close();
    }
  }, 120_000);

  it('an API key is read from the variable the study names, on the worker, and never stored', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const server = await startFakeServer(() => ({ body: completion(['```python\nprint(3)\n```']) }), {
      models: ['keyed-1.5'],
    });
    try {
      const created = await runCli(
        [
          'study',
          'create',
          'Keyed',
          '--benchmark',
          join(dir, 'bench.json'),
          '--lo',
          DEMO_ENDPOINTS.lo,
          '--hi',
          DEMO_ENDPOINTS.hi,
          '--base-url',
          server.url,
          '--model',
          'keyed-{alpha}',
          '--api-key-env',
          'LAB_INFERENCE_KEY',
          '--samples',
          '2',
          '--alphas',
          '1.5',
        ],
        env,
      );
      expect(created.stderr).toBe('');
      const { rows } = await t.db.pool.query<{ config: object }>(`SELECT config FROM study WHERE name = 'Keyed'`);
      expect(JSON.stringify(rows[0]!.config)).toContain('"apiKeyEnv":"LAB_INFERENCE_KEY"');
      const generate = () => generateJobOf('Keyed');
      // A worker without the variable says which one to set ...
      const without = spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir, WORKER_TASKS: 'merge,generate' });
      try {
        const error = await until(
          'the keyless attempt to fail',
          async () => (await generate())?.error ?? undefined,
          60_000,
        );
        expect(error).toContain('$LAB_INFERENCE_KEY');
      } finally {
        await stopWorker(without);
      }
      // ... and one that has it sends it.
      const keyed = spawnWorker({
        DATABASE_URL: t.url,
        FRONTIER_DATA_DIR: dir,
        WORKER_TASKS: 'merge,generate',
        LAB_INFERENCE_KEY: 'sk-lab-42',
      });
      try {
        await until('the generate job', async () => (await generate())?.state === 'SUCCEEDED', 90_000);
      } finally {
        await stopWorker(keyed);
      }
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.every((r) => r.headers.authorization === 'Bearer sk-lab-42')).toBe(true);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('an unreachable endpoint fails the generate job with a clear message and leaves no sample', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const created = await runCli(
      [
        'study',
        'create',
        'Unreachable',
        '--benchmark',
        join(dir, 'bench.json'),
        '--lo',
        DEMO_ENDPOINTS.lo,
        '--hi',
        DEMO_ENDPOINTS.hi,
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'coverage-{alpha}',
        '--samples',
        '2',
        '--max-retries',
        '0',
        '--alphas',
        '0.5',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('queued 1 alpha;');
    const worker = spawnWorker(env);
    try {
      const error = await until(
        'the generate job to fail',
        async () => (await generateJobOf('Unreachable'))?.error ?? undefined,
        60_000,
      );
      expect(error).toMatch(/127\.0\.0\.1:9\/v1\/models/);
      expect(error).toMatch(/ECONNREFUSED/);
      const { rows } = await t.db.pool.query(
        `SELECT count(*)::int AS n FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id JOIN study st ON st.id = c.study_id WHERE st.name = 'Unreachable'`,
      );
      expect(rows[0].n).toBe(0);
      const jobs = await runCli(['jobs'], env);
      expect(jobs.stdout).toMatch(/generate .*ECONNREFUSED/);
    } finally {
      await stopWorker(worker);
    }
  }, 120_000);

  it('samples from the server, judges the replies and aggregates: a correct reply is AC, a reply without code is CE', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    // Alternate a correct program and a reply with no code block.
    const server = await startFakeServer(
      (req, nth) => ({
        body: completion([
          nth % 2 === 0
            ? 'Sure:\n```python\na, b = map(int, input().split())\nprint(a + b)\n```\n'
            : 'I cannot solve this.',
        ]),
      }),
      { models: ['coverage-1.5'] },
    );
    try {
      const created = await runCli(
        [
          'study',
          'create',
          'Served',
          '--benchmark',
          join(dir, 'bench.json'),
          '--lo',
          DEMO_ENDPOINTS.lo,
          '--hi',
          DEMO_ENDPOINTS.hi,
          '--base-url',
          server.url,
          '--model',
          'coverage-{alpha}',
          '--samples',
          '4',
          '--concurrency',
          '1',
          '--alphas',
          '1.5',
        ],
        env,
      );
      expect(created.stderr).toBe('');
      const worker = spawnWorker(env);
      try {
        await allJobsSucceeded('Served', 120_000);
      } finally {
        await stopWorker(worker);
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

  it('judges LiveCodeBench functional problems through the pipeline, the default way or as LiveCodeBench does (--lcb-compat)', async () => {
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const tests = JSON.stringify([
      { input: '1\n2', output: '3', testtype: 'functional' },
      { input: '10\n-4', output: '6', testtype: 'functional' },
    ]);
    writeFileSync(
      join(dir, 'lcb.json'),
      JSON.stringify([
        {
          question_id: 'add-two',
          question_title: 'Add two',
          difficulty: 'easy',
          public_test_cases: tests,
          private_test_cases: '[]',
          metadata: JSON.stringify({ func_name: 'add' }),
        },
      ]),
    );
    // A plain function, not a method of Solution: LiveCodeBench calls it, our default harness does not.
    const server = await startFakeServer(
      () => ({ body: completion(['```python\ndef add(a, b):\n    return a + b\n```']) }),
      { models: ['lcb-0.5'] },
    );
    try {
      for (const [name, flags] of [
        ['LCB default', []],
        ['LCB compat', ['--lcb-compat']],
      ] as const) {
        const created = await runCli(
          [
            'study',
            'create',
            name,
            '--benchmark',
            join(dir, 'lcb.json'),
            '--lo',
            DEMO_ENDPOINTS.lo,
            '--hi',
            DEMO_ENDPOINTS.hi,
            '--base-url',
            server.url,
            '--model',
            'lcb-{alpha}',
            '--samples',
            '2',
            '--alphas',
            '0.5',
            ...flags,
          ],
          env,
        );
        expect(created.stderr).toBe('');
      }
      const worker = spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir });
      try {
        await allJobsSucceeded('LCB %', 150_000);
      } finally {
        await stopWorker(worker);
      }
      const { rows } = await t.db.pool.query(
        `SELECT s.name, a.n, a.solved, a.re FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
         JOIN study s ON s.id = c.study_id WHERE s.name LIKE 'LCB %' ORDER BY s.name`,
      );
      expect(rows).toEqual([
        { name: 'LCB compat', n: 2, solved: 2, re: 0 },
        { name: 'LCB default', n: 2, solved: 0, re: 2 },
      ]);
    } finally {
      await server.close();
    }
  }, 240_000);
});
