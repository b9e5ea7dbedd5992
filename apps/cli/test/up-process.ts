import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { until } from '../../worker/test/support';

const BIN = fileURLToPath(new URL('../bin/frontier.js', import.meta.url));

export interface UpProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What `frontier up` and its children printed so far. */
  output(): string;
  /** Waits until the output matches `re` `times` times; returns the last match. */
  waitFor(re: RegExp, times?: number, ms?: number): Promise<RegExpExecArray>;
}

/** `frontier up --no-web` as a user runs it, with only this environment. */
export function spawnUp(env: Record<string, string>): UpProcess {
  const child = spawn(process.execPath, [BIN, 'up', '--no-web'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const waitFor = (re: RegExp, times = 1, ms = 120_000) =>
    until(
      `${times} × ${re} in the output of frontier up`,
      async () => {
        if (child.exitCode !== null) throw new Error(`frontier up exited with code ${child.exitCode}:\n${output}`);
        const matches = [...output.matchAll(new RegExp(re.source, `${re.flags}g`))];
        return matches.length >= times ? (matches[times - 1] as RegExpExecArray) : undefined;
      },
      ms,
    );
  return { child, exited, output: () => output, waitFor };
}

/** The pids of the direct children of `pid`. */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
