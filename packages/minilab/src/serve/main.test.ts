// The stand-in server as the pipeline starts it: a shell command from another directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { createOpenAIBackend } from '@frontier/generate';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENDPOINTS } from '../policy/endpoints';
import { readProblem } from '../problems';
import { quoteIfNeeded } from '@frontier/generate';
import { toyServerCommand } from './command';
import { call, inProcessSamples, serverSamples } from '../../test/served-samples';

interface Launched {
  child: ChildProcess;
  log: () => string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Runs a shell command in /tmp (`exec`, so the server is the shell's process). */
function launch(command: string, env: NodeJS.ProcessEnv = {}): Launched {
  const child = spawn('sh', ['-c', `exec ${command}`], {
    cwd: tmpdir(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, log: () => log, exit };
}

/** The server's URL, from its "serving ... on URL" line. */
async function listening(s: Launched): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const m = / on (http:\/\/\S+) /.exec(s.log());
    if (m) return m[1] as string;
    if (s.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the toy server did not start:\n${s.log()}`);
}

const serveCommand = (checkpoint: string, model: string, extra = ''): string =>
  `${toyServerCommand().replace('{checkpoint}', quoteIfNeeded(checkpoint)).replace('{model}', quoteIfNeeded(model)).replace('{port}', '0')} ${extra}`;

describe('toy server executable', () => {
  it('toyServerCommand() starts it from another directory, serving the checkpoint; SIGTERM stops it', async () => {
    expect(toyServerCommand()).toMatch(
      /^\S*node\S* --import \S+ \S+\/serve\/main\.ts serve \{checkpoint\} --served-model-name \{model\} --port \{port\}$/,
    );
    const server = launch(serveCommand(DEMO_ENDPOINTS.lo, "toy lo's"));
    const url = await listening(server);
    expect((await call(url, '/v1/models')).body.data?.[0]).toMatchObject({ id: "toy lo's", root: DEMO_ENDPOINTS.lo });
    expect(await serverSamples(url, "toy lo's", 4)).toEqual(await inProcessSamples(DEMO_ENDPOINTS.lo));
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(server.log()).toContain('SIGTERM: shutting down');
  });

  it('--exit-after-completions crashes the server mid-generation; VLLM_SERVER_DEV_MODE=1 opens /collective_rpc', async () => {
    const server = launch(
      `${toyServerCommand().split(' serve ')[0]} --model-path ${quoteIfNeeded(DEMO_ENDPOINTS.hi)} --port 0 --exit-after-completions 2`,
      { VLLM_SERVER_DEV_MODE: '1' },
    );
    const url = await listening(server);
    expect((await call(url, '/collective_rpc', {})).status).toBe(400); // the route exists
    const backend = createOpenAIBackend({
      baseUrl: `${url}/v1`,
      model: DEMO_ENDPOINTS.hi,
      concurrency: 1,
      maxRetries: 0,
    });
    const p = readProblem('dijkstra');
    const got: number[] = [];
    const run = async () => {
      for await (const s of backend.generate({
        problemId: p.id,
        title: p.title,
        statement: p.statement,
        language: 'python',
        n: 5,
        seed: 1,
      }))
        got.push(s.idx);
    };
    await expect(run()).rejects.toThrow(/POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions/);
    expect(got).toHaveLength(2);
    expect(await server.exit).toBe(1);
    expect(server.log()).toMatch(/CRASH: exiting after 2 chat completion\(s\)/);
  });

  it('exits 2 naming a bad flag, and 1 when the checkpoint cannot be loaded', async () => {
    const [bin] = toyServerCommand().split(' serve ');
    const badFlag = launch(`${bin} serve ${quoteIfNeeded(DEMO_ENDPOINTS.lo)} --port eighty`);
    const badDir = launch(`${bin} serve /nonexistent/checkpoint --port 0`);
    expect(await badFlag.exit).toBe(2);
    expect(badFlag.log()).toContain('toy-server: --port must be an integer from 0 to 65535, got "eighty"');
    expect(badFlag.log()).toContain('usage: toy-server serve DIR');
    expect(await badDir.exit).toBe(1);
    expect(badDir.log()).toMatch(/failed to start: .*\/nonexistent\/checkpoint/);
  });
});
