import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchmarkProblemInput } from '@frontier/db';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** stdout and stderr so far. */
  output(): string;
}

/** A worker process as production runs it (`node --import tsx apps/worker/src/main.ts`) with only this environment. */
export function spawnWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  child.stdout!.on('data', (d) => (output += d));
  return { child, exited: new Promise((r) => child.on('exit', (code) => r(code))), output: () => output };
}

/** Stops a worker the way `npm start` does, and waits for it. */
export async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await w.exited;
}

/** Polls `check` until it returns something truthy; throws naming `what` after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 240_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A benchmark of one problem in two tiers, `add` (the sum of two integers), for importBenchmark. */
export const ADDERS: { name: string; problems: BenchmarkProblemInput[] } = {
  name: 'adders',
  problems: [{ externalId: 'add', title: 'Add', difficulty: 'easy', timeLimitMs: 1000, memoryLimitMb: 64, tests: [{ tier: 1, input: '1 2\n', expected: '3\n' }, { tier: 2, input: '40 2\n', expected: '42\n' }] }],
};
