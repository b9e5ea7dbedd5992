// Runs trusted Python (the reference solutions) over inputs, a few processes at a time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** `/usr/bin/python3` starts fast with -S; a pyenv shim on PATH can cost 200 ms per run. */
export const DEFAULT_PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

export function runPython(python: string, script: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-S', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const tail = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join('\n');
        reject(new Error(`${script} exited with ${code ?? signal}: ${tail}`));
      }
    });
    // A reference that exits early closes its stdin; the exit code reports what went wrong.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** Maps with at most `limit` promises in flight, keeping the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
