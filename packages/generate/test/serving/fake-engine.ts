import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { launchServer, ServingError, shellQuote, type LaunchedServer, type LaunchOptions } from '../../src/index';
import { processRunning, signalGroup } from '../../src/serving/process-group.mjs';

// Helpers for tests that run fixtures/fake-engine.mjs as an inference server. Every server and
// process a test starts is tracked here and killed by `cleanUp` (call it in afterEach).

export const FAKE_ENGINE = fileURLToPath(new URL('../fixtures/fake-engine.mjs', import.meta.url));

/** A launch command template for the fake engine, with extra flags. */
export function engineCommand(flags = ''): string {
  return `${shellQuote(process.execPath)} ${shellQuote(FAKE_ENGINE)} --port {port} --model {model} --model-path {checkpoint} ${flags}`;
}

const dirs: string[] = [];
const servers: LaunchedServer[] = [];
const pids: number[] = [];
const groups: number[] = [];

/** A fresh directory; `name` may hold spaces and quotes. */
export function tempDir(name = 'checkpoint'): string {
  const root = mkdtempSync(join(tmpdir(), 'frontier-serving-'));
  dirs.push(root);
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function launch(opts: Partial<LaunchOptions> & { flags?: string } = {}): Promise<LaunchedServer> {
  const { flags, ...rest } = opts;
  const checkpointDir = rest.checkpointDir ?? tempDir();
  const server = await launchServer({
    command: engineCommand(flags),
    checkpointDir,
    model: 'alpha-0.5',
    startupTimeoutMs: 10_000,
    logFile: join(checkpointDir, '..', 'logs', 'server.log'),
    stopGraceMs: 1_000,
    pollMs: 50,
    ...rest,
  });
  servers.push(server);
  track(server.pgid, 'group');
  return server;
}

/** Kills `pid` (or the group `pid` leads) in cleanUp if it still runs. */
export function track(pid: number, kind: 'process' | 'group' = 'process'): void {
  (kind === 'group' ? groups : pids).push(pid);
}

/** The pids the fake engine printed in its log. */
export function enginePids(server: LaunchedServer): { server: number; grandchild?: number } {
  const line = server
    .logTail(100)
    .split('\n')
    .find((l) => l.startsWith('{"pids"'));
  if (!line) throw new Error(`no pids in the log:\n${server.logTail(100)}`);
  const found = (JSON.parse(line) as { pids: { server: number; grandchild?: number } }).pids;
  track(found.server);
  if (found.grandchild) track(found.grandchild);
  return found;
}

export async function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

export async function cleanUp(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  for (const pgid of groups.splice(0)) signalGroup(pgid, 'SIGKILL');
  for (const pid of pids.splice(0)) if (processRunning(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The base URL of a port nothing listens on (it did a moment ago). */
export async function closedBaseUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

/** The ServingError `p` rejects with; fails the test when it resolves or throws something else. */
export async function servingError(p: Promise<unknown>): Promise<ServingError> {
  const err = await p.then(
    () => new Error('expected a ServingError'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServingError);
  return err as ServingError;
}
