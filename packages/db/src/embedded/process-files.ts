import { existsSync, readFileSync } from 'node:fs';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Alive and not a zombie: an orphan whose new parent does not reap it stays one. */
export function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no procfs: trust the signal
  }
}

export function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

// postmaster.pid: line 1 is the pid, line 4 the port (Postgres documents this layout).
export function readPostmaster(pgdata: string): { pid: number; port: number } | undefined {
  const file = `${pgdata}/postmaster.pid`;
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  const cmdline = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  // A recycled pid that is not a postgres process means the file is stale.
  return isAlive(pid) && cmdline.includes('postgres') ? { pid, port } : undefined;
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  stepMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}
