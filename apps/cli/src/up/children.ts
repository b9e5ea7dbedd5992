import { spawn, type ChildProcess } from 'node:child_process';

export interface Supervised {
  name: string;
  child: ChildProcess;
  exited: Promise<number>;
}

export function startChild(name: string, command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Supervised {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  return { name, child, exited };
}

// SIGTERM first (the worker finishes its jobs, Next closes its server), SIGKILL after a grace period.
export async function stopChildren(children: Supervised[], graceMs = 15_000): Promise<void> {
  await Promise.all(
    children.map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
