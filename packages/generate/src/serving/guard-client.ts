import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ServingError } from './errors';
import { terminateGroup } from './process-group.mjs';

export interface ServerExit {
  code: number | null;
  signal: string | null;
}

/** The launcher's end of a guard process (guard.mjs), which runs one server's command. */
export interface Guard {
  /** The server's pid, which is also its process group's id. */
  started: Promise<number>;
  /** Resolves when the server exits, for whatever reason. */
  exited: Promise<ServerExit>;
  /** Stops the server's whole group (SIGTERM, then SIGKILL after the grace period); idempotent. */
  stop(): Promise<void>;
  /** Lets this process exit while the server runs (the guard then stops it). */
  unref(): void;
}

type Report =
  | { event: 'started'; pid: number }
  | { event: 'exit'; code: number | null; signal: string | null }
  | { event: 'error'; message: string };

const GUARD_SCRIPT = fileURLToPath(new URL('./guard.mjs', import.meta.url));

export function startGuard(command: string, logFile: string, graceMs: number): Guard {
  // detached: the guard leads a new process group, so a signal to ours (Ctrl-C) leaves it be.
  const child = spawn(process.execPath, [GUARD_SCRIPT, JSON.stringify({ command, logFile, graceMs })], {
    detached: true,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.on('error', () => {}); // EPIPE when the guard is already gone
  let pid: number | undefined;
  let reportedExit = false;
  let onStarted: (pid: number) => void = () => {};
  let onFailed: (err: Error) => void = () => {};
  let onExit: (exit: ServerExit) => void = () => {};
  const started = new Promise<number>((resolve, reject) => ((onStarted = resolve), (onFailed = reject)));
  const exited = new Promise<ServerExit>((resolve) => (onExit = resolve));
  started.catch(() => {}); // a caller that awaits it sees the error; nobody else must crash on it

  createInterface({ input: child.stdout }).on('line', (line) => {
    let report: Report;
    try {
      report = JSON.parse(line) as Report;
    } catch {
      return; // not a report (the guard writes nothing else; be safe all the same)
    }
    if (report.event === 'started') onStarted((pid = report.pid));
    else if (report.event === 'error')
      onFailed(new ServingError(`could not start the inference server's command with sh: ${report.message}`));
    else if (report.event === 'exit') {
      reportedExit = true;
      onExit({ code: report.code, signal: report.signal });
    }
  });
  child.on('error', (err) =>
    onFailed(
      new ServingError(`could not start the guard of the inference server (${process.execPath}): ${err.message}`),
    ),
  );
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void closed.then(async () => {
    onFailed(new ServingError(`the guard of the inference server exited before starting it (${logFile})`));
    if (reportedExit) return;
    // The guard died without a word (killed?): its server may still run, so stop it here.
    if (pid !== undefined) await terminateGroup(pid, graceMs);
    onExit({ code: null, signal: null });
  });

  let stopping: Promise<void> | undefined;
  const handles = [child, child.stdin, child.stdout] as Array<{ ref(): void; unref(): void }>;
  return {
    started,
    exited,
    unref: () => handles.forEach((h) => h.unref()),
    stop: () =>
      (stopping ??= (async () => {
        handles.forEach((h) => h.ref());
        child.stdin.end(); // EOF: the guard stops the group and exits
        const guardStuck = setTimeout(() => child.kill('SIGKILL'), graceMs + 15_000);
        await closed;
        clearTimeout(guardStuck);
        await exited;
      })()),
  };
}
