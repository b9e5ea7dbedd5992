import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { listModels, type ServingError } from '../../src/index';
import { groupRunning, processRunning } from '../../src/serving/process-group.mjs';
import { cleanUp, engineCommand, enginePids, launch, servingError, tempDir, track, waitUntil } from './fake-engine';

afterEach(cleanUp);

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function launchError(opts: Parameters<typeof launch>[0]): Promise<ServingError> {
  return servingError(launch(opts));
}

describe('launchServer', () => {
  it('starts the command on a checkpoint whose path has spaces and quotes, and waits until it lists the model', async () => {
    const dir = tempDir(`it's "alpha" 0.5`);
    const server = await launch({ checkpointDir: dir, flags: '--delay-ms 300' });

    expect(server.baseUrl).toBe(`http://127.0.0.1:${server.port}/v1`);
    expect(server.pgid).toBe(server.pid);
    expect(await listModels(server.baseUrl)).toEqual(['alpha-0.5']);
    expect(server.logTail()).toContain(`fake-engine: loading ${dir}`);
    expect(server.logTail(1)).toBe(`fake-engine: serving "alpha-0.5" on 127.0.0.1:${server.port}`);

    await server.stop();
    expect(await server.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(groupRunning(server.pgid)).toBe(false);
    await server.stop(); // idempotent
  });

  it('fails with the exit code and the last lines of the log when the server exits at start', async () => {
    const err = await launchError({ flags: '--crash-at-start' });
    expect(err.message).toMatch(
      /^the inference server exited with code 3 before serving "alpha-0.5"; last lines of its log \(.*server\.log\):\n/,
    );
    expect(err.message).toContain('fake-engine: CUDA out of memory (not really)');
  });

  it('fails after the start-up timeout, with what the server answered, and stops it', async () => {
    const dir = tempDir();
    const err = await launchError({
      checkpointDir: dir,
      flags: '--grandchild --delay-ms 60000',
      startupTimeoutMs: 700,
    });
    expect(err.message).toMatch(
      /^the inference server did not list "alpha-0.5" within 0.7 s \(last answer: GET .* could not reach the server .*ECONNREFUSED.*\), so it was stopped; raise the start-up timeout if it was still loading; last lines of its log/,
    );
    expect(err.message).toContain(`fake-engine: loading ${dir}`);
    const pids = JSON.parse(err.message.split('\n').find((l) => l.startsWith('{"pids"')) ?? '{}') as {
      pids: { server: number; grandchild: number };
    };
    track(pids.pids.server);
    track(pids.pids.grandchild);
    expect(processRunning(pids.pids.server)).toBe(false);
    expect(processRunning(pids.pids.grandchild)).toBe(false);
  });

  it('names the models a server lists under another name when it times out', async () => {
    // Long enough for the fake engine to start and answer on a loaded machine.
    const err = await launchError({
      command: engineCommand().replace('--model {model}', '--model {model}-typo'),
      startupTimeoutMs: 8_000,
    });
    expect(err.message).toContain('did not list "alpha-0.5" within 8 s (it lists "alpha-0.5-typo")');
  });

  it('refuses a command that lacks a placeholder', async () => {
    const err = await launchError({ command: 'vllm serve {checkpoint} --port {port}' });
    expect(err.message).toMatch(/^the serve command lacks \{model\}/);
  });

  it('stops when the signal aborts during start-up', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const err = await launchError({ flags: '--delay-ms 60000', signal: controller.signal });
    expect(err.message).toBe('launching the inference server for "alpha-0.5" was cancelled');
  });

  it('stop() ends the whole process group, grandchild included', async () => {
    const server = await launch({ flags: '--grandchild' });
    const pids = enginePids(server);
    expect(processRunning(pids.grandchild!)).toBe(true);
    await server.stop();
    expect(processRunning(pids.server)).toBe(false);
    expect(processRunning(pids.grandchild!)).toBe(false);
  });

  it('stop() escalates to SIGKILL when the server and its grandchild ignore SIGTERM', async () => {
    const server = await launch({ flags: '--grandchild --ignore-sigterm', stopGraceMs: 400 });
    const pids = enginePids(server);
    const start = Date.now();
    await server.stop();
    expect(Date.now() - start).toBeGreaterThanOrEqual(400);
    expect(processRunning(pids.server)).toBe(false);
    expect(processRunning(pids.grandchild!)).toBe(false);
    expect(server.logTail()).toContain('fake-engine: ignoring SIGTERM');
  });

  it('the guard outlives SIGTERM and SIGINT sent to its process group, and still stops the server', async () => {
    const server = await launch({ flags: '--ignore-sigterm', stopGraceMs: 300 });
    const guard = parentOf(server.pid);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.kill(-guard, signal);
    await new Promise((r) => setTimeout(r, 200));
    expect(processRunning(guard)).toBe(true);
    await server.stop();
    expect(processRunning(guard)).toBe(false);
    expect(groupRunning(server.pgid)).toBe(false);
  });

  it('exited resolves when the server dies while serving', async () => {
    const server = await launch({ flags: '--crash-after-ms 800' });
    expect(await server.exited).toEqual({ code: 5, signal: null });
    expect(server.logTail(1)).toBe('fake-engine: segmentation fault (not really)');
  });

  it('leaves no server behind when the process that launched it is killed with SIGKILL', async () => {
    const dir = tempDir();
    const options = {
      command: engineCommand('--grandchild --ignore-sigterm'),
      checkpointDir: dir,
      model: 'm',
      startupTimeoutMs: 20_000,
      logFile: join(dir, 'server.log'),
      stopGraceMs: 500,
    };
    const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
    const script = fileURLToPath(new URL('../fixtures/launch-and-wait.ts', import.meta.url));
    const launcher = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    track(launcher.pid!);
    const [line] = (await once(createInterface({ input: launcher.stdout }), 'line')) as [string];
    const launched = JSON.parse(line) as { pid: number; pgid: number; log: string };
    track(launched.pgid, 'group');
    const pids = (
      JSON.parse(launched.log.split('\n').find((l) => l.startsWith('{"pids"'))!) as {
        pids: { server: number; grandchild: number };
      }
    ).pids;
    track(pids.server);
    track(pids.grandchild);
    expect(processRunning(pids.grandchild)).toBe(true);

    launcher.kill('SIGKILL');
    expect(await waitUntil(() => !groupRunning(launched.pgid), 5_000)).toBe(true);
    expect(processRunning(pids.server)).toBe(false);
    expect(processRunning(pids.grandchild)).toBe(false);
    writeFileSync(join(dir, 'done'), ''); // keeps the directory for cleanUp to remove
  });
});
