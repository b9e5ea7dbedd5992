import { execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RunAs {
  uid: number;
  gid: number;
}

// Postgres refuses to run as root, so as root we run it as a `postgres` system user (created
// when missing). As anyone else we run it as ourselves.
export function postgresRunAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -M -d /nonexistent -s /usr/sbin/nologin postgres',
    ]);
    return lookup();
  }
}

// The data directory and every parent must be traversable by the user Postgres runs as.
export function assertTraversable(dir: string, runAs: RunAs | undefined): void {
  if (!runAs) return;
  for (let d = dirname(dir); ; d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `the embedded Postgres runs as user "postgres", which cannot enter ${d} (mode ${(mode & 0o777).toString(8)}); run \`chmod o+x ${d}\`, choose another FRONTIER_DATA_DIR, or set DATABASE_URL`,
      );
    }
    if (d === dirname(d)) break;
  }
  accessSync(dirname(dir), constants.W_OK);
}

// Postgres gets only PATH and a fixed locale, none of our environment's secrets. Built from a
// copy of process.env so the type stays ProcessEnv (Next augments it with a required NODE_ENV).
export function postgresEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key !== 'PATH') delete env[key];
  env.PATH ??= '/usr/bin:/bin';
  env.LC_ALL = 'C';
  return env;
}
