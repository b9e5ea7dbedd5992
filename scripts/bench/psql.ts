import { spawnSync } from 'node:child_process';

/** Runs one psql command (the `\copy` ceilings of the import and archive benchmarks); its wall time in seconds. */
export function psql(url: string, command: string): number {
  const t0 = performance.now();
  const r = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', command], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`psql failed: ${command}`);
  return (performance.now() - t0) / 1000;
}
