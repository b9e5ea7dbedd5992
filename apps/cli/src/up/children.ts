import { spawn, type ChildProcess } from 'node:child_process';
import type { Exit, Service } from './supervisor';

export interface ChildOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** How long a child may take over a graceful stop before it is killed. */
  graceMs?: number;
}

/** A child process of `frontier up` with its output passed through; each start() spawns a new one. */
export function childService(name: string, command: string, args: string[], opts: ChildOptions): Service {
  return {
    name,
    output: 'above (frontier up passes it through)',
    async start() {
      const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'inherit', 'inherit'] });
      const exited = new Promise<Exit>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', (err) => resolve({ code: null, signal: null, error: err.message }));
      });
      if (child.pid !== undefined) opts.log(`${name} started (pid ${child.pid})`);
      return { exited, stop: () => stopChild(child, exited, opts.graceMs ?? 15_000) };
    },
  };
}

// SIGTERM first (the worker finishes its jobs, Next closes its server), SIGKILL after a grace period.
async function stopChild(child: ChildProcess, exited: Promise<Exit>, graceMs: number): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
