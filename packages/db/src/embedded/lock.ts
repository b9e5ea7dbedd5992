import { openSync, closeSync, writeSync, rmSync } from 'node:fs';
import { isAlive, readPid, waitUntil } from './process-files';

// A start-up lock so two processes (say `npm start` and a CLI command) never initialise or start
// the same cluster at once. A lock left by a killed process is detected by its dead pid.
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const acquire = (): boolean => {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(file);
      if (holder === undefined || !isAlive(holder)) rmSync(file, { force: true });
      return false;
    }
  };
  if (!(await waitUntil(acquire, 60_000, 200))) {
    throw new Error(`timed out waiting for ${file}, held by pid ${readPid(file)}`);
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
