import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { explainDatabaseDiskFull } from './database-disk-full';
import { DiskFullError } from './disk-full';

const dir = mkdtempSync(join(tmpdir(), 'frontier-db-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: number) => {
  writeFileSync(join(dir, name), Buffer.alloc(bytes));
  return join(dir, name);
};
// As Postgres raises it through pg (the whole path through a real full disk: apps/cli/test/disk-full.int.test.ts).
const disk53100 = Object.assign(
  new Error('could not extend file "pg_tblspc/16385/PG_18/16384/16390": No space left on device'),
  { code: '53100' },
);

describe('explainDatabaseDiskFull', () => {
  it("names the database server's disk, its data file, the files imported and their size", async () => {
    const one = await explainDatabaseDiskFull(disk53100, [file('lo_eval_all.json', 3000)]);
    expect(one).toBeInstanceOf(DiskFullError);
    expect((one as Error).message).toBe(
      "no space left on the database server's disk for its data file pg_tblspc/16385/PG_18/16384/16390, importing lo_eval_all.json: needed ~3 KiB; free some space and retry",
    );
    const two = await explainDatabaseDiskFull(disk53100, [file('a.json', 1024), file('b.json', 1024)]);
    expect((two as Error).message).toContain('importing 2 files: needed ~2 KiB;');
  });

  it('leaves other errors, and explained ones, as they are', async () => {
    const other = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(await explainDatabaseDiskFull(other, [])).toBe(other);
    const explained = new DiskFullError({ path: 'x' });
    expect(await explainDatabaseDiskFull(explained, [])).toBe(explained);
  });
});
