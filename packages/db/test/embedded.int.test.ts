import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded/postgres';
import { readPostmaster } from '../src/embedded/process-files';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'frontier-pg-'));
chmodSync(dir, 0o755); // the server runs as the postgres user when we are root
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe('embedded Postgres', () => {
  it('keeps its data across a stop and a start', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    expect(first.reused).toBe(false);
    await query(first.url, 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (42)');
    await first.stop();
    expect(readPostmaster(join(dir, 'pgdata'))).toBeUndefined();
    const second = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    expect(await query(second.url, 'SELECT x FROM kept')).toEqual([{ x: 42 }]);
    await second.stop();
  });

  it('adopts the server orphaned by a killed run and stops it', async () => {
    // One process (no tsx wrapper in between), so SIGKILL leaves the server without an owner.
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/db/test/start-and-hang.ts', dir], {
      cwd: ROOT,
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => resolve(String(d).trim()));
      child.on('exit', (code) => reject(new Error(`helper exited ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const orphan = readPostmaster(join(dir, 'pgdata'));
    expect(orphan).toBeDefined(); // the server outlived its owner
    const adopted = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    expect(adopted.reused).toBe(true);
    expect(adopted.url).toBe(url);
    await adopted.stop();
    expect(readPostmaster(join(dir, 'pgdata'))).toBeUndefined();
  });
});
