import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { postgresEnv, type RunAs } from './os-user';

// Creates the cluster in a temporary directory and renames it into place, so a run killed during
// initdb never leaves a half-made cluster that later starts would trust.
export function initCluster(initdb: string, pgdata: string, password: string, runAs: RunAs | undefined): void {
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  rmSync(pgdata, { recursive: true, force: true });
  const staging = `${pgdata}.init-${randomBytes(4).toString('hex')}`;
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const pwfile = join(tmpdir(), `frontier-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
  try {
    if (runAs) {
      chownSync(staging, runAs.uid, runAs.gid);
      chownSync(pwfile, runAs.uid, runAs.gid);
    }
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${staging}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { ...runAs, encoding: 'utf8', env: postgresEnv() },
    );
    if (result.status !== 0) {
      throw new Error(
        `initdb failed (exit ${result.status}): ${(result.stderr || result.stdout || String(result.error)).trim()}`,
      );
    }
    renameSync(staging, pgdata);
  } finally {
    rmSync(pwfile, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}
