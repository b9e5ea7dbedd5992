// Import and export onto a real full disk: small tmpfs mounts (root; skipped otherwise, saying why).
// Import writes no file of its own (it streams into Postgres): its disk is the database's, here a
// tablespace on a tmpfs. Export writes the CSV file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../../packages/disk/test/tmpfs';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';
import { runCli } from './run-cli';

const AMOUNT = '[\\d.]+ (?:B|KiB|MiB)';
const problems = (n: number): FixtureProblem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, difficulty: 'hard', codes: [0, -2, -3, 0] }));

describe.skipIf(tmpfsUnavailable)(
  `import and export onto a full disk${tmpfsUnavailable ? ` (skipped: ${tmpfsUnavailable})` : ''}`,
  () => {
    let dir: string;
    const tablespace = `frontier_small_${process.pid}`;
    let t: TestDatabase;
    let env: Record<string, string>;
    const mounts: Tmpfs[] = [];
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    const samples = async () =>
      Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sample')).rows[0]!.n);

    beforeAll(async () => {
      dir = tempDir();
      t = await createTestDatabase();
      env = { DATABASE_URL: t.url };
    });
    afterAll(async () => {
      await t?.drop();
      await admin(`DROP TABLESPACE IF EXISTS ${tablespace}`);
      for (const m of mounts) m.unmount();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("fails an import that fills the database's disk naming it and the space needed, keeps nothing, and works once the disk is larger", async (ctx) => {
      const fs = mountTmpfs('2m');
      mounts.push(fs);
      // The server must see this directory: a Postgres on this machine, run by the `postgres` user.
      const location = join(fs.dir, 'pg');
      mkdirSync(location);
      try {
        const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
        chownSync(location, uid, uid);
        await admin(`CREATE TABLESPACE ${tablespace} LOCATION '${location}'`);
      } catch (err) {
        ctx.skip(`the test database cannot put a tablespace on a local tmpfs: ${(err as Error).message}`);
      }
      await t.db.pool.query(`ALTER TABLE sample SET TABLESPACE ${tablespace}`);
      // 4,000 programs of 1.5 KiB (under Postgres' compression threshold): 6 MiB for a 2 MiB disk.
      const file = writeLcbFile(dir, 'big.json', problems(1000), 1500, 'random');
      const args = ['import', file, '--study', 'Big', '--alpha', '0.5'];
      const failed = await runCli(args, env);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        new RegExp(
          `^frontier: import failed, nothing was written: no space left on the database server's disk for its data file pg_tblspc/\\S+, importing big.json: needed ~${AMOUNT}; free some space and retry\\n$`,
        ),
      );
      expect(await samples()).toBe(0);
      fs.resize('64m');
      const retried = await runCli(args, env);
      expect(retried.stderr).toBe('');
      expect(retried.stdout).toContain('1,000 problems, 1 run, 4,000 samples');
      expect(await samples()).toBe(4000);
    });

    it('fails an export that fills the disk naming the file and the space, leaves no partial file, and works once the disk is larger', async () => {
      const imported = await runCli(
        ['import', writeLcbFile(dir, 'many.json', problems(1000)), '--study', 'Many', '--alpha', '0.25'],
        env,
      );
      expect(imported.code).toBe(0);
      const whole = await runCli(['export', 'Many', '--format', 'csv'], env);
      expect(whole.stdout.length).toBeGreaterThan(48 << 10);
      const fs = mountTmpfs('1m');
      mounts.push(fs);
      const filler = fs.fill(32 << 10);
      const out = join(fs.dir, 'many.csv');
      const failed = await runCli(['export', 'Many', '--format', 'csv', '--out', out], env);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        new RegExp(
          `^frontier: no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${out}: needed more than ${AMOUNT}, ${AMOUNT} free; free some space and retry\\n$`,
        ),
      );
      expect(readdirSync(fs.dir)).toEqual([filler.split('/').pop()]);
      fs.resize('4m');
      const retried = await runCli(['export', 'Many', '--format', 'csv', '--out', out], env);
      expect(retried.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(whole.stdout);
    });
  },
);
